import Fastify from 'fastify';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { registerHealthRoutes } from './health.routes.ts';

/** A driver whose connection never answers a query: a database that is connected but stalled. */
class StalledDriver implements Driver {
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return {
      executeQuery: () => new Promise(() => {}),
      streamQuery: async function* () {},
    };
  }
  async beginTransaction(): Promise<void> {}
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

function stalledDatabase(): AppDatabase {
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new StalledDriver(),
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  return { db, dialect: 'sqlite' } as unknown as AppDatabase;
}

describe('GET /healthz', () => {
  it('answers 503 in the envelope once the ping has waited its timeout, instead of hanging', async () => {
    const app = Fastify();
    registerHealthRoutes(app, stalledDatabase(), 200);
    try {
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      const waited = Date.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 503, msg: 'database unavailable' });
      expect(waited).toBeGreaterThanOrEqual(190);
      expect(waited).toBeLessThan(5_000);
    } finally {
      await app.close();
    }
  });
});
