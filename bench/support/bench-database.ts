import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type AppDatabase, type DialectName, openDatabase } from '../../apps/server/src/db/dialect.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrator.ts';

/** The PostgreSQL the benchmarks may use (BENCH_DATABASE_URL, else TEST_DATABASE_URL); undefined skips it. */
export function benchPostgresUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

/** A scratch schema on the benchmark PostgreSQL, and how to drop it when the run is over. */
export interface ScratchSchema {
  readonly url: string;
  readonly schema: string;
  drop(): Promise<void>;
}

/** Creates a fresh, randomly named schema so a run never touches anyone else's tables. */
export async function createScratchSchema(): Promise<ScratchSchema> {
  const url = benchPostgresUrl();
  if (!url) throw new Error('no PostgreSQL URL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    url,
    schema,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop schema if exists ${schema} cascade`);
      await dropper.end();
    },
  };
}

/** A migrated database for one benchmark run, removed by dispose(). */
export interface BenchDatabase {
  readonly database: AppDatabase;
  dispose(): Promise<void>;
}

/** A migrated SQLite file in a temporary folder, or a migrated scratch schema on PostgreSQL. */
export async function openBenchDatabase(dialect: DialectName, name: string): Promise<BenchDatabase> {
  if (dialect === 'sqlite') {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-bench-`));
    const database = openDatabase({ url: `sqlite:${path.join(directory, 'bench.db')}` });
    await migrateToLatest(database);
    return {
      database,
      dispose: async () => {
        await database.destroy();
        fs.rmSync(directory, { recursive: true, force: true });
      },
    };
  }
  const scratch = await createScratchSchema();
  const database = openDatabase({ url: scratch.url, searchPath: scratch.schema });
  await migrateToLatest(database);
  return {
    database,
    dispose: async () => {
      await database.destroy();
      await scratch.drop();
    },
  };
}

/** A database for a server the benchmark starts: the URL to give it, and how to open and drop it here. */
export interface ServerDatabase {
  /** The DATABASE_URL the server is given (on PostgreSQL, with the scratch schema as its search path). */
  readonly serverUrl: string;
  open(): AppDatabase;
  dispose(): Promise<void>;
}

/** A SQLite file in the given folder, or a scratch schema on the benchmark PostgreSQL. */
export async function createServerDatabase(dialect: DialectName, directory: string): Promise<ServerDatabase> {
  if (dialect === 'sqlite') {
    const url = `sqlite:${path.join(directory, 'bench.db')}`;
    return { serverUrl: url, open: () => openDatabase({ url }), dispose: async () => {} };
  }
  const { url, schema, drop } = await createScratchSchema();
  const serverUrl = new URL(url);
  serverUrl.searchParams.set('options', `-c search_path=${schema}`);
  return {
    serverUrl: serverUrl.toString(),
    open: () => openDatabase({ url, searchPath: schema }),
    dispose: drop,
  };
}
