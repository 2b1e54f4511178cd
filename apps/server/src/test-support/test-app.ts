import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type AppConfig, testConfig } from '../config/config.ts';
import type { AppDatabase } from '../db/dialect.ts';
import type { Clock } from '../platform/clock.ts';

export interface TestAppOptions {
  clock?: Clock;
  config?: Partial<AppConfig>;
  /** Registers extra routes before the app is sealed (used to exercise the framework's error paths). */
  extend?: (app: FastifyInstance) => void;
  /** Links per colour hash chain, for tests whose engine makes chains (production's million take seconds). */
  colourChainLength?: number;
}

/** Builds the real application on the given database for request-level tests (no socket is opened). */
export async function buildTestApp(
  database: AppDatabase,
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({
      webDistDir: '/nonexistent-web-dist',
      adminDistDir: '/nonexistent-admin-dist',
      ...options.config,
    }),
    database,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.colourChainLength === undefined ? {} : { colourChainLength: options.colourChainLength }),
  });
  options.extend?.(app);
  await app.ready();
  return app;
}
