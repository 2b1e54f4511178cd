import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';

/**
 * How long /healthz waits for the database's answer. A load balancer probes often and gives up after a few
 * seconds; a database that is connected but stalled must read as unhealthy well before that, not hang.
 */
export const HEALTH_PING_TIMEOUT_MS = 2_000;

/** Thrown when the ping did not answer in time. */
class PingTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`database did not answer the health ping within ${timeoutMs} ms`);
  }
}

/** Runs `select 1`, failing after `timeoutMs` (the query itself is left to the pool's own timeouts). */
async function pingDatabase(database: AppDatabase, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PingTimeoutError(timeoutMs)), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(database.db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /healthz answers 200 when the database answers a ping in time, 503 otherwise. */
export function registerHealthRoutes(
  app: FastifyInstance,
  database: AppDatabase,
  pingTimeoutMs = HEALTH_PING_TIMEOUT_MS,
): void {
  app.get('/healthz', async (request, reply) => {
    try {
      await pingDatabase(database, pingTimeoutMs);
      return { code: 200, status: 'ok', database: database.dialect };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ code: 503, msg: 'database unavailable' });
    }
  });
}
