import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type AppDatabase, type DialectName, openDatabase } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrator.ts';

/** PostgreSQL suites run only when this is set; otherwise they are reported as skipped. */
const postgresUrl = process.env.TEST_DATABASE_URL;

export interface TestDatabase extends AppDatabase {
  /** Drops everything the test database created. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, empty database: a temporary SQLite file, or a fresh PostgreSQL schema dropped afterwards (for
 * tests of a migration, which start before it).
 */
export async function createEmptyTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'goldshop-test-'));
    const database = openDatabase({ url: `sqlite:${path.join(directory, 'test.db')}` });
    return {
      ...database,
      cleanup: async () => {
        await database.destroy();
        fs.rmSync(directory, { recursive: true, force: true });
      },
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({ url: postgresUrl, searchPath: schema, poolSize: 20 });
  return {
    ...database,
    cleanup: async () => {
      await database.destroy();
      const dropper = new pg.Client({ connectionString: postgresUrl });
      await dropper.connect();
      await dropper.query(`drop schema if exists ${schema} cascade`);
      await dropper.end();
    },
  };
}

/** A fresh, migrated database: a temporary SQLite file, or a fresh PostgreSQL schema dropped afterwards. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const database = await createEmptyTestDatabase(dialect);
  await migrateToLatest(database);
  return database;
}

/**
 * Runs a suite once per database: always on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (else
 * that copy is reported as skipped). The suite gets a getter for its own fresh database.
 */
export function describeEachDatabase(title: string, suite: (database: () => TestDatabase) => void): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    describe.skipIf(dialect === 'postgres' && !postgresUrl)(`${title} [${dialect}]`, () => {
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(dialect);
      });
      afterAll(async () => {
        await database?.cleanup();
      });
      suite(() => {
        if (!database) throw new Error('test database is not ready');
        return database;
      });
    });
  }
}
