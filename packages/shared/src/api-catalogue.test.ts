import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiCatalogue, pathParameterNames, toRoutePattern } from './api-catalogue.ts';
import * as sharedEntry from './index.ts';
import { MARKET_CODES } from './markets.ts';

const WEBHOOK_PATH = '/webhooks/{channelKey}';

const inputSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

const objectKeys = (schema: z.ZodType) => Object.keys((inputSchema(schema).properties ?? {}) as object);

describe.each(MARKET_CODES)('the API catalogue of market %s', (market) => {
  const catalogue = createApiCatalogue(market);

  it('names each method and path once, in OpenAPI style', () => {
    const keys = catalogue.map((call) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const call of catalogue) {
      expect(call.path).toMatch(/^\/[A-Za-z0-9_/{}.-]*$/);
      expect(call.path, 'parameters are written {name}, not :name').not.toContain(':');
      expect(call.summary.trim().length, call.path).toBeGreaterThan(0);
    }
  });

  it('needs an operator exactly on /admin/api/…, except the two login calls that come before a session', () => {
    const loginCalls = ['/admin/api/auth/login', '/admin/api/auth/enrol'];
    for (const call of catalogue) {
      const operatorCall = call.path.startsWith('/admin/api/') && !loginCalls.includes(call.path);
      expect(call.auth === 'operator', call.path).toBe(operatorCall);
    }
  });

  it('gives each path parameter a schema or a plain string, and no schema to parameters that are not there', () => {
    for (const call of catalogue) {
      if (call.params)
        expect(objectKeys(call.params).sort(), call.path).toEqual(pathParameterNames(call.path).sort());
      // Only the webhook reads its parameter (the channel key) without a schema: the service looks it up.
      else
        expect(pathParameterNames(call.path), call.path).toEqual(
          call.path === WEBHOOK_PATH ? ['channelKey'] : [],
        );
    }
  });

  it('marks as paginated exactly the calls whose query takes p and p_size', () => {
    for (const call of catalogue) {
      const keys = call.query ? objectKeys(call.query) : [];
      expect(Boolean(call.paginated), call.path).toBe(keys.includes('p') && keys.includes('p_size'));
    }
  });

  it('has zod object schemas that convert to self-contained JSON Schemas of what a client sends', () => {
    for (const call of catalogue) {
      for (const schema of [call.query, call.params, call.body]) {
        if (!schema) continue;
        const json = inputSchema(schema);
        expect(json.type, call.path).toBe('object');
        expect(JSON.stringify(json), call.path).not.toMatch(/"\$(ref|defs)"/);
      }
      expect(call.method === 'GET' && (call.body || call.bodyDescription), call.path).toBeFalsy();
    }
  });

  it('reads the Idempotency-Key only on POSTs', () => {
    for (const call of catalogue.filter((entry) => entry.idempotencyKey)) expect(call.method).toBe('POST');
  });
});

describe('toRoutePattern', () => {
  it('writes OpenAPI parameters the way the server’s routes do', () => {
    expect(toRoutePattern('/admin/api/recharges/{sn}/reject')).toBe('/admin/api/recharges/:sn/reject');
    expect(pathParameterNames('/admin/api/users/{id}/flags')).toEqual(['id']);
  });
});

describe('keeping the catalogue out of the web app', () => {
  it('is not exported from the package’s main entry, which the web app imports', () => {
    expect(Object.keys(sharedEntry)).not.toContain('createApiCatalogue');
    const index = fs.readFileSync(path.join(import.meta.dirname, 'index.ts'), 'utf8');
    expect(index).not.toContain('api-catalogue');
  });

  it('is imported by no file of the web app', () => {
    const webSource = path.join(import.meta.dirname, '..', '..', '..', 'apps', 'web', 'src');
    const importers = fs
      .readdirSync(webSource, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx)$/.test(file))
      .filter((file) => fs.readFileSync(path.join(webSource, file), 'utf8').includes('api-catalogue'));
    expect(importers).toEqual([]);
  });
});
