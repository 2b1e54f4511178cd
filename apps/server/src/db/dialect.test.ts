import net from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createEmptyTestDatabase } from '../test-support/test-database.ts';
import {
  escapeLikePattern,
  LIKE_ESCAPE_CHARACTER,
  openDatabase,
  POSTGRES_CONNECTION_TIMEOUT_MS,
  SQLITE_PAGE_CACHE_KIB,
  SQLITE_WAL_AUTOCHECKPOINT_PAGES,
} from './dialect.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe('escapeLikePattern', () => {
  it('escapes %, _ and the escape character, and leaves other text alone', () => {
    expect(LIKE_ESCAPE_CHARACTER).toBe('\\');
    expect(escapeLikePattern('100%_off')).toBe('100\\%\\_off');
    expect(escapeLikePattern('a\\b')).toBe('a\\\\b');
    expect(escapeLikePattern('Gold bar 1 g')).toBe('Gold bar 1 g');
  });
});

describe('SQLite connection settings', () => {
  it('opens a file database in WAL mode with the named checkpoint step, page cache and foreign keys', async () => {
    const database = await createEmptyTestDatabase('sqlite');
    try {
      const read = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] ?? {})[0];
      expect(await read('journal_mode')).toBe('wal');
      expect(await read('synchronous')).toBe(1);
      expect(await read('foreign_keys')).toBe(1);
      expect(await read('wal_autocheckpoint')).toBe(SQLITE_WAL_AUTOCHECKPOINT_PAGES);
      expect(await read('cache_size')).toBe(-SQLITE_PAGE_CACHE_KIB);
    } finally {
      await database.cleanup();
    }
  });
});

describe('PostgreSQL connection timeout', () => {
  it(
    'fails a query after POSTGRES_CONNECTION_TIMEOUT_MS when the server accepts but never answers',
    async () => {
      const sockets = new Set<net.Socket>();
      const silent = net.createServer((socket) => {
        sockets.add(socket);
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const address = silent.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP port');
      const database = openDatabase({ url: `postgres://postgres@127.0.0.1:${address.port}/goldshop` });
      try {
        const started = Date.now();
        await expect(sql`select 1`.execute(database.db)).rejects.toThrow(/timeout/i);
        const waited = Date.now() - started;
        // Timers fire no earlier than asked; the upper bound only has to be far below a TCP timeout.
        expect(waited).toBeGreaterThanOrEqual(POSTGRES_CONNECTION_TIMEOUT_MS - 50);
        expect(waited).toBeLessThan(POSTGRES_CONNECTION_TIMEOUT_MS + 5_000);
      } finally {
        await database.destroy();
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    },
    POSTGRES_CONNECTION_TIMEOUT_MS + 15_000,
  );
});

describe.skipIf(!postgresUrl)('PostgreSQL idle connection failure', () => {
  it('is reported and survived: the pool drops the connection and the next query opens a new one', async () => {
    if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
    const reported: Error[] = [];
    const database = openDatabase({
      url: postgresUrl,
      poolSize: 1,
      onIdleConnectionError: (error) => reported.push(error),
    });
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      const first = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      const pid = first.rows[0]?.pid;
      expect(pid).toEqual(expect.any(Number));
      // The session is idle in the pool now; ending it from outside is what a server restart does to it.
      await admin.query('select pg_terminate_backend($1)', [pid]);
      const deadline = Date.now() + 5_000;
      while (reported.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(reported).toHaveLength(1);
      const next = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      expect(next.rows[0]?.pid).not.toBe(pid);
    } finally {
      await admin.end();
      await database.destroy();
    }
  });
});
