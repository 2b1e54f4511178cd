import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-support/test-app.ts';
import { describeEachDatabase } from '../test-support/test-database.ts';
import { framedByAppRouteOptions } from './security-headers.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describeEachDatabase('security headers', (database) => {
  describe('served over http', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp(database(), {
        config: { publicUrl: 'http://127.0.0.1:3000' },
        extend: (instance) =>
          instance.get('/test/framed-page', framedByAppRouteOptions(), async () => ({
            code: 200,
          })),
      });
    });
    afterAll(async () => app?.close());

    it('sends a CSP with only its own and Razorpay scripts, nosniff, frame denial and a referrer policy on every answer', async () => {
      const answers = [
        await app.inject({ method: 'GET', url: '/healthz' }),
        await app.inject({ method: 'GET', url: '/shop/home_top' }),
        await app.inject({ method: 'GET', url: '/no/such/route' }),
        await app.inject({ method: 'POST', url: '/user/login', payload: { mobile: 'x' } }),
        await app.inject({ method: 'GET', url: '/user/profile' }),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 400, 401]);
      for (const answer of answers) {
        const csp = directives(answer.headers['content-security-policy']);
        expect(csp.get('default-src')).toEqual(["'self'"]);
        expect(csp.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com']);
        expect(csp.get('script-src-attr')).toEqual(["'none'"]);
        expect(csp.get('object-src')).toEqual(["'none'"]);
        expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
        expect(csp.get('base-uri')).toEqual(["'self'"]);
        expect(csp.has('upgrade-insecure-requests')).toBe(false);
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers['x-frame-options']).toBe('DENY');
        expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(answer.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('leaves out the legacy headers no supported browser acts on', async () => {
      const answer = await app.inject({ method: 'GET', url: '/shop/home_top' });
      for (const name of [
        'x-xss-protection',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-dns-prefetch-control',
        'origin-agent-cluster',
      ]) {
        expect(answer.headers[name], name).toBeUndefined();
      }
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    });

    it('lets a route be framed by the app itself, and nothing else change', async () => {
      const framed = await app.inject({ method: 'GET', url: '/test/framed-page' });
      const csp = directives(framed.headers['content-security-policy']);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com']);
      expect(framed.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(framed.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('served over https', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp(database(), {
        config: { publicUrl: 'https://shop.example.com' },
        extend: (instance) =>
          instance.get('/test/framed-page', framedByAppRouteOptions(), async () => ({ code: 200 })),
      });
    });
    afterAll(async () => app?.close());

    it('adds HSTS for a year with subdomains to every answer, and upgrades insecure requests', async () => {
      const answers = [
        await app.inject({ method: 'GET', url: '/healthz' }),
        // A public read answered before Fastify's routing, and its 304.
        await app.inject({ method: 'GET', url: '/shop/home_top' }),
        await app.inject({ method: 'GET', url: '/no/such/route' }),
        await app.inject({ method: 'POST', url: '/user/login', payload: { mobile: 'x' } }),
        await app.inject({ method: 'GET', url: '/user/profile' }),
        await app.inject({ method: 'GET', url: '/admin/api/auth/me' }),
        await app.inject({ method: 'GET', url: '/test/framed-page' }),
        // A path the router cannot decode: answered by the framework's error handler, before any hook.
        await app.inject({ method: 'GET', url: '/shop/%E0%A4%A' }),
      ];
      const etag = answers[1]?.headers.etag;
      answers.push(
        await app.inject({
          method: 'GET',
          url: '/shop/home_top',
          headers: { 'if-none-match': String(etag) },
        }),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([
        200, 200, 404, 400, 401, 401, 200, 400, 304,
      ]);
      for (const answer of answers) {
        expect(answer.headers['strict-transport-security'], answer.raw.req.url).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
      expect(
        directives(answers[0]?.headers['content-security-policy']).has('upgrade-insecure-requests'),
      ).toBe(true);
    });
  });
});
