import type { MarketCode } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { DocsService } from './docs.service.ts';

/** The path of the OpenAPI document (DESIGN.md "API conventions"). */
export const API_DOCS_PATH = '/api/docs';

/**
 * GET /api/docs: the OpenAPI 3.1 document generated from the zod schemas of every call. It answers the
 * document itself, not the {code} envelope, so OpenAPI tools can read it as it is.
 */
export function registerDocsRoutes(app: FastifyInstance, market: MarketCode): void {
  const docs = new DocsService(market);
  app.get(API_DOCS_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(docs.openApiDocument()),
  );
}
