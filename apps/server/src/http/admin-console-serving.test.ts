import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';

describe('serving the operator console under /admin/', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let adminDistDir: string;

  beforeAll(async () => {
    adminDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
    fs.mkdirSync(path.join(adminDistDir, 'assets'));
    fs.writeFileSync(path.join(adminDistDir, 'assets', 'index-abc123.js'), 'console.log("console");\n');
    fs.writeFileSync(path.join(adminDistDir, 'index.html'), '<!doctype html><title>Operator console</title>');
    database = await createTestDatabase('sqlite');
    app = await buildTestApp(database, { config: { adminDistDir } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    fs.rmSync(adminDistDir, { recursive: true, force: true });
  });

  it('serves the console’s page (revalidated) and its hashed assets (cached), and never in a frame', async () => {
    expect((await app.inject({ method: 'GET', url: '/admin' })).headers.location).toBe('/admin/');
    const page = await app.inject({ method: 'GET', url: '/admin/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Operator console');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['x-frame-options']).toBe('DENY');
    const asset = await app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('leaves /admin/api to the operator API: its routes need an operator, unknown ones are 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/admin/api/queues' })).statusCode).toBe(401);
    const unknown = await app.inject({ method: 'GET', url: '/admin/api/no-such-call' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404 });
  });
});
