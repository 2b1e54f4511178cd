import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import { knownPolledQuery, POLLED_QUERY_MEMO_LIMIT, parsePolledQuery } from './validation.ts';

const pageQuery = z.object({
  p: z.coerce.number().int('p must be a whole number').min(1),
  keyword: z.string().max(20).optional(),
});

/** An app whose one route answers what parsePolledQuery gave it, and counts the schema's parses. */
function appWithPolledRoute() {
  let parses = 0;
  const counted = pageQuery.transform((value) => {
    parses += 1;
    return value;
  });
  const seen: object[] = [];
  const app = Fastify({ logger: false });
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof AppError)) throw error;
    reply.code(error.code).send({ msg: error.message });
  });
  app.get('/page', (request) => {
    const query = parsePolledQuery(counted, request);
    seen.push(query);
    return query;
  });
  return { app, seen, schema: counted, parses: () => parses };
}

describe('parsePolledQuery', () => {
  it('parses each valid query string once and answers the same frozen result after', async () => {
    const { app, seen, parses } = appWithPolledRoute();
    for (let i = 0; i < 3; i++) {
      const answer = await app.inject({ method: 'GET', url: '/page?p=2&keyword=gold' });
      expect(answer.json()).toEqual({ p: 2, keyword: 'gold' });
    }
    expect(parses()).toBe(1);
    expect(seen[0]).toBe(seen[2]);
    expect(Object.isFrozen(seen[0])).toBe(true);
    // Another query string is another parse.
    expect((await app.inject({ method: 'GET', url: '/page?p=3' })).json()).toEqual({ p: 3 });
    expect(parses()).toBe(2);
  });

  it('refuses a bad query every time with the field named, and keeps nothing of it', async () => {
    const { app } = appWithPolledRoute();
    for (let i = 0; i < 2; i++) {
      const refused = await app.inject({ method: 'GET', url: '/page?p=1.5' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe('p must be a whole number');
    }
  });

  it(`keeps at most ${POLLED_QUERY_MEMO_LIMIT} query strings per schema and still parses the rest`, async () => {
    const { app, parses } = appWithPolledRoute();
    for (let p = 1; p <= POLLED_QUERY_MEMO_LIMIT + 10; p++) {
      await app.inject({ method: 'GET', url: `/page?p=${p}` });
    }
    const before = parses();
    await app.inject({ method: 'GET', url: '/page?p=1' });
    await app.inject({ method: 'GET', url: `/page?p=${POLLED_QUERY_MEMO_LIMIT + 10}` });
    expect(await (await app.inject({ method: 'GET', url: '/page?p=2' })).json()).toEqual({ p: 2 });
    // p=1 and p=2 were kept; the last one, past the limit, is parsed again.
    expect(parses()).toBe(before + 1);
  });

  it('tells which raw query strings it has validated, and nothing of the ones it refused', async () => {
    const { app, schema, seen } = appWithPolledRoute();
    expect(knownPolledQuery(schema, 'p=4')).toBeUndefined();
    await app.inject({ method: 'GET', url: '/page?p=4' });
    expect(knownPolledQuery(schema, 'p=4')).toBe(seen[0]);
    // The raw string is the key: the same query written differently is not known.
    expect(knownPolledQuery(schema, 'p=04')).toBeUndefined();
    await app.inject({ method: 'GET', url: '/page?p=0' });
    expect(knownPolledQuery(schema, 'p=0')).toBeUndefined();
    expect(knownPolledQuery(pageQuery, 'p=4')).toBeUndefined();
  });
});
