import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AppConfigResponse } from '@app/shared';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config/config.ts';
import type { AppDatabase } from './db/dialect.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { registerShopRoutes } from './modules/shop/shop.routes.ts';
import { ShopService } from './modules/shop/shop.service.ts';
import { type Clock, systemClock } from './platform/clock.ts';

export interface AppDependencies {
  config: AppConfig;
  database: AppDatabase;
  clock?: Clock;
}

/** The services of one running server, built once and shared by the routes. */
export interface AppServices {
  settings: SettingsService;
  shop: ShopService;
}

/** Only plain, short request ids from a proxy are kept; anything else gets a fresh one. */
const INBOUND_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole HTTP application without listening, so tests can inject requests. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = dependencies;
  const clock = dependencies.clock ?? systemClock;
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const inbound = request.headers['x-request-id'];
      return typeof inbound === 'string' && INBOUND_REQUEST_ID.test(inbound) ? inbound : randomUUID();
    },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app, config.bodyLimitBytes);

  const settings = new SettingsService(database.db, clock);
  const services: AppServices = {
    settings,
    shop: new ShopService(database.db, database.dialect, settings),
  };

  registerHealthRoutes(app, database);
  app.get(
    '/app/config',
    (): AppConfigResponse => ({
      code: 200,
      market: config.market,
      dev_tools: !config.isProduction,
    }),
  );
  registerShopRoutes(app, services.shop);

  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    maxAge: '7d',
    decorateReply: false,
  });
  if (fs.existsSync(config.webDistDir)) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      // index.html must be revalidated so a deploy is picked up; hashed assets can be cached for long.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir: config.webDistDir }, 'web app not built; serving the API only');
  }
  return app;
}
