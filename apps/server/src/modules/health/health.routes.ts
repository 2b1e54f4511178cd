import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';

/** GET /healthz answers 200 when the database answers a ping, 503 otherwise. */
export function registerHealthRoutes(app: FastifyInstance, database: AppDatabase): void {
  app.get('/healthz', async (request, reply) => {
    try {
      await sql`select 1`.execute(database.db);
      return { code: 200, status: 'ok', database: database.dialect };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ code: 503, msg: 'database unavailable' });
    }
  });
}
