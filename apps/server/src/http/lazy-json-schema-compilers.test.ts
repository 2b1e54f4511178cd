import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyJsonSchemaCompilers } from './lazy-json-schema-compilers.ts';

describe('lazyJsonSchemaCompilers', () => {
  it('still validates and serializes with JSON schemas, loading the compilers when a route declares one', async () => {
    const app = Fastify({ schemaController: lazyJsonSchemaCompilers() });
    app.get(
      '/echo',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: { n: { type: 'integer', minimum: 1 } },
            required: ['n'],
          },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
      async (request) => ({ n: (request.query as { n: number }).n, notInTheSchema: 'dropped' }),
    );
    try {
      const valid = await app.inject({ method: 'GET', url: '/echo?n=3' });
      expect(valid.statusCode).toBe(200);
      // Coerced to an integer by Ajv, and the response serializer keeps only what its schema names.
      expect(valid.json()).toEqual({ n: 3 });
      const invalid = await app.inject({ method: 'GET', url: '/echo?n=0' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toMatch(/querystring\/n must be >= 1/);
    } finally {
      await app.close();
    }
  });
});
