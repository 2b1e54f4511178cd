import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/dialect.ts';
import { shutDown, startupBanner } from './main.ts';
import { DEMO_REFERRAL_CODE } from './modules/seed/demo-seed.service.ts';
import { buildTestApp } from './test-support/test-app.ts';
import { createTestDatabase } from './test-support/test-database.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const repositoryRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const mainScript = path.join(import.meta.dirname, 'main.ts');

describe('startupBanner', () => {
  it('names the address, market, SQLite file and demo referral code', () => {
    const banner = startupBanner({
      config: { publicUrl: 'http://localhost:3000', market: 'in', databaseUrl: 'sqlite:/srv/data/app.db' },
      dialect: 'sqlite',
      referralCode: 'DEMO2026',
    });
    expect(banner).toBe(
      [
        '',
        '  Gold shop is running at http://localhost:3000',
        '  market: in   database: sqlite (/srv/data/app.db)',
        '  demo referral code: DEMO2026',
        '',
        '',
      ].join('\n'),
    );
  });

  it('never prints a PostgreSQL URL, which carries the password, and says when the demo is off', () => {
    const banner = startupBanner({
      config: {
        publicUrl: 'https://shop.example',
        market: 'pt',
        databaseUrl: 'postgres://shop:s3cret-password@db.internal:5432/shop',
      },
      dialect: 'postgres',
      referralCode: undefined,
    });
    expect(banner).toContain('  market: pt   database: postgres\n');
    expect(banner).toContain('  demo data: off\n');
    expect(banner).not.toContain('s3cret-password');
    expect(banner).not.toContain('db.internal');
  });
});

describe('shutDown', () => {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    it.skipIf(dialect === 'postgres' && !postgresUrl)(
      `closes the app before the database, so close hooks can still use it [${dialect}]`,
      async () => {
        const database = await createTestDatabase(dialect);
        let hookPing: unknown;
        const app = await buildTestApp(database, {
          extend: (instance) => {
            instance.addHook('onClose', async () => {
              hookPing = (await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows[0]?.one;
            });
          },
        });
        try {
          await shutDown(app, database);
          expect(Number(hookPing)).toBe(1);
          await expect(sql`select 1`.execute(database.db)).rejects.toThrow();
        } finally {
          await database.cleanup();
        }
      },
    );
  }

  it('closes the database even when closing the app fails', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'goldshop-shutdown-'));
    const database = openDatabase({ url: `sqlite:${path.join(directory, 'test.db')}` });
    try {
      const app = await buildTestApp(database, {
        extend: (instance) => {
          instance.addHook('onClose', async () => {
            throw new Error('a close hook failed');
          });
        },
      });
      await expect(shutDown(app, database)).rejects.toThrow('a close hook failed');
      await expect(sql`select 1`.execute(database.db)).rejects.toThrow();
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});

/** A TCP port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

/** Resolves with the output so far once it contains `text`; rejects if the process ends first. */
function waitForOutput(child: ChildProcess, read: () => string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (read().includes(text)) {
        child.stdout?.off('data', check);
        child.off('exit', onExit);
        resolve(read());
      }
    };
    const onExit = (code: number | null) => reject(new Error(`server exited (${code}) before "${text}"`));
    child.stdout?.on('data', check);
    child.once('exit', onExit);
    check();
  });
}

describe('the server process', () => {
  it('prints the banner once it listens and exits 0 on SIGTERM after closing everything', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goldshop-main-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
      cwd: repositoryRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        MARKET: 'in',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      await waitForOutput(child, () => stdout, 'demo referral code').catch((error: Error) => {
        throw new Error(`${error.message}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
      });
      expect(stdout).toContain(`  Gold shop is running at http://127.0.0.1:${port}\n`);
      expect(stdout).toContain(`  market: in   database: sqlite (${path.join(dataDir, 'app.db')})\n`);
      expect(stdout).toContain(`  demo referral code: ${DEMO_REFERRAL_CODE}\n`);
      // Without SECRETS_KEY outside production, the data directory's key (owner-only) seals the secrets.
      const keyFile = path.join(dataDir, 'secrets.key');
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      // The logger writes asynchronously, so its line may follow the banner.
      const logged = await waitForOutput(child, () => stdout, 'made a development secrets key');
      expect(logged).toContain(keyFile);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);

      child.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
      // SQLite folds the write-ahead log into the database and deletes it when the last connection closes,
      // so a leftover -wal file would mean the process exited with the database still open.
      const databaseFile = path.join(dataDir, 'app.db');
      expect(fs.existsSync(databaseFile)).toBe(true);
      expect(fs.existsSync(`${databaseFile}-wal`)).toBe(false);
      const reopened = openDatabase({ url: `sqlite:${path.join(dataDir, 'app.db')}` });
      try {
        const products = await reopened.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        expect(Number(products.count)).toBeGreaterThan(0);
      } finally {
        await reopened.destroy();
      }
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a production start without SECRETS_KEY, saying how to make one, before touching the database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goldshop-main-nokey-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
        cwd: repositoryRoot,
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('SECRETS_KEY: must be set in production');
      expect(stderr).toContain('openssl rand -base64 32');
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
