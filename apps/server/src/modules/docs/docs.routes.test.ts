import { type ApiCall, createApiCatalogue, toRoutePattern } from '@app/shared/api-catalogue';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config/config.ts';
import { type RegisteredRoute, registeredRoutes } from '../../test-support/route-table.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import type { JsonObject, OpenApiDocument, OpenApiOperation, OpenApiParameter } from './docs.service.ts';

/**
 * Routes that are not calls of the API: HEAD and OPTIONS duplicates, the web app and media files
 * (wildcards and the app shell), the development helpers under /dev/… and the sandbox gateway's HTML
 * checkout pages under /pay/sandbox/… (both absent in production).
 */
function isApiRoute(route: RegisteredRoute): boolean {
  if (route.method === 'HEAD' || route.method === 'OPTIONS') return false;
  if (route.url === '/' || route.url.includes('*')) return false;
  return !route.url.startsWith('/dev/') && !route.url.startsWith('/pay/sandbox/');
}

const key = (method: string, url: string) => `${method} ${url}`;

/** Follows a local `$ref` ("#/components/…") through the document. */
function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return node;
}

function collectRefs(node: unknown, refs: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, refs);
  else if (typeof node === 'object' && node !== null) {
    for (const [name, value] of Object.entries(node)) {
      if (name === '$ref' && typeof value === 'string') refs.push(value);
      else collectRefs(value, refs);
    }
  }
  return refs;
}

describeEachDatabase('the API catalogue and GET /api/docs', (database) => {
  let app: FastifyInstance;
  let catalogue: readonly ApiCall[];
  // The development clock's route too, so the exclusions are exercised with every route there can be.
  beforeAll(async () => {
    app = await buildTestApp(database(), { config: { devTestClock: true } });
    catalogue = createApiCatalogue(testConfig().market);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('the catalogue against the registered routes', () => {
    it('reads the route tree completely (every route it lists exists)', () => {
      const routes = registeredRoutes(app);
      expect(routes.length).toBeGreaterThan(60);
      for (const route of routes) {
        expect(
          app.hasRoute({ method: route.method as HTTPMethods, url: route.url }),
          key(route.method, route.url),
        ).toBe(true);
      }
      // The tree includes what is left out of the catalogue, so the exclusions below are really exercised.
      expect(routes.map((route) => key(route.method, route.url))).toEqual(
        expect.arrayContaining([
          'POST /dev/clock/advance',
          'GET /dev/sms/last',
          'HEAD /healthz',
          'GET /media/*',
        ]),
      );
    });

    it('catalogues every API route with its method and path', () => {
      const catalogued = new Set(catalogue.map((call) => key(call.method, toRoutePattern(call.path))));
      const missing = registeredRoutes(app)
        .filter(isApiRoute)
        .map((route) => key(route.method, route.url))
        .filter((route) => !catalogued.has(route));
      expect(missing).toEqual([]);
    });

    it('serves every catalogued call', () => {
      const registered = new Set(registeredRoutes(app).map((route) => key(route.method, route.url)));
      const absent = catalogue
        .map((call) => key(call.method, toRoutePattern(call.path)))
        .filter((route) => !registered.has(route));
      expect(absent).toEqual([]);
      for (const call of catalogue) {
        expect(app.hasRoute({ method: call.method, url: toRoutePattern(call.path) }), call.path).toBe(true);
      }
    });

    it('says truly which calls need a token: without one they answer 401, and the open ones do not', async () => {
      const wrong: string[] = [];
      for (const call of catalogue) {
        if (call.auth === 'token-for-some-inputs') continue;
        const response = await app.inject({
          method: call.method,
          url: call.path.replace(/\{[^}]+\}/g, '1'),
          ...(call.method === 'GET' ? {} : { payload: {} }),
        });
        const needsAuth = call.auth === 'token' || call.auth === 'operator';
        if ((response.statusCode === 401) !== needsAuth) {
          wrong.push(`${call.method} ${call.path} (${call.auth}) answered ${response.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });

  describe('GET /api/docs', () => {
    let document: OpenApiDocument;
    beforeAll(async () => {
      const response = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      document = response.json();
    });

    const operation = (path: string, method: string): OpenApiOperation => {
      const found = document.paths[path]?.[method];
      if (!found) throw new Error(`no ${method} ${path} in the document`);
      return found;
    };
    const parameterNames = (op: OpenApiOperation) =>
      op.parameters.map((parameter) =>
        '$ref' in parameter ? parameter.$ref : `${parameter.in}:${(parameter as OpenApiParameter).name}`,
      );

    it('is an OpenAPI 3.1 document with info, paths and components', () => {
      expect(document.openapi).toBe('3.1.0');
      expect(document.info.title).toEqual(expect.any(String));
      expect(document.info.version).toEqual(expect.any(String));
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining([
          '/user/login',
          '/shop/products',
          '/win/add_user_guess',
          '/win/fairness',
          '/admin/api/orders/{id}/ship',
          '/webhooks/{channelKey}',
          '/healthz',
        ]),
      );
      expect(Object.keys(document.paths['/admin/api/products'] ?? {}).sort()).toEqual(['get', 'post']);
    });

    it('describes the body of POST /user/login from its zod schema', () => {
      const body = operation('/user/login', 'post').requestBody as {
        content: { 'application/json': { schema: JsonObject } };
      };
      const schema = body.content['application/json'].schema;
      expect(schema.type).toBe('object');
      expect(schema.required).toEqual(expect.arrayContaining(['mobile_number', 'password']));
      expect(schema.required).not.toContain('verify_code');
      expect(Object.keys(schema.properties as JsonObject)).toEqual(
        expect.arrayContaining(['mobile_number', 'password', 'verify_code', 'device_id', 'host']),
      );
      expect(schema).not.toHaveProperty('$schema');
    });

    it('documents the security schemes and which calls need them', () => {
      expect(document.components.securitySchemes.playerToken).toMatchObject({
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
      });
      expect(document.components.securitySchemes.operatorBearer).toMatchObject({
        type: 'http',
        scheme: 'bearer',
      });
      expect(operation('/user/profile', 'get').security).toEqual([{ playerToken: [] }]);
      expect(operation('/admin/api/users', 'get').security).toEqual([{ operatorBearer: [] }]);
      expect(operation('/shop/products', 'get').security).toEqual([]);
      expect(operation('/user/send_verify_code', 'post').security).toEqual([{}, { playerToken: [] }]);
      expect(Object.keys(operation('/user/profile', 'get').responses)).toContain('401');
    });

    it('documents pagination, the t parameter, path parameters and the Idempotency-Key header', () => {
      const products = operation('/shop/products', 'get');
      expect(parameterNames(products)).toEqual(
        expect.arrayContaining(['query:p', 'query:p_size', 'query:keyword', '#/components/parameters/t']),
      );
      const pSize = products.parameters.find(
        (parameter) => !('$ref' in parameter) && parameter.name === 'p_size',
      ) as OpenApiParameter;
      expect(pSize.required).toBe(false);
      expect(pSize.description).toMatch(/100/);
      expect(products.responses['200']).toEqual({ $ref: '#/components/responses/PageSuccess' });

      expect(parameterNames(operation('/admin/api/orders/{id}/ship', 'post'))).toEqual(['path:id']);
      expect(parameterNames(operation('/webhooks/{channelKey}', 'post'))).toEqual(['path:channelKey']);

      for (const [path, method] of [
        ['/user/buy', 'post'],
        ['/user/transfer_to', 'post'],
        ['/user/add_withdrawal', 'post'],
        ['/win/add_user_guess', 'post'],
      ] as const) {
        expect(parameterNames(operation(path, method)), path).toContain(
          '#/components/parameters/IdempotencyKey',
        );
      }
      expect(parameterNames(operation('/user/login', 'post'))).not.toContain(
        '#/components/parameters/IdempotencyKey',
      );
      expect(document.components.parameters.IdempotencyKey).toMatchObject({
        name: 'Idempotency-Key',
        in: 'header',
      });
    });

    it('declares every path parameter and resolves every $ref inside the document', () => {
      for (const [path, item] of Object.entries(document.paths)) {
        const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
        for (const op of Object.values(item)) {
          const declared = op.parameters
            .filter(
              (parameter): parameter is OpenApiParameter => !('$ref' in parameter) && parameter.in === 'path',
            )
            .map((parameter) => parameter.name);
          expect(declared, path).toEqual(names);
          expect(Object.keys(op.responses), path).toContain('200');
        }
      }
      const unresolved = collectRefs(document).filter((ref) => resolvePointer(document, ref) === undefined);
      expect(unresolved).toEqual([]);
    });
  });
});
