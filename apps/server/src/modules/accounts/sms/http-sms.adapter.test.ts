import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AccountMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SmsConfig } from '../../../config/config.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { buildTestApp } from '../../../test-support/test-app.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { createTestUser, uniqueTestIp, uniqueTestMobile } from '../account-fixtures.ts';
import { HttpSmsAdapter, type HttpSmsConfig } from './http-sms.adapter.ts';
import { SmsDeliveryError } from './sms.adapter.ts';

interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local stand-in for an SMS provider on 127.0.0.1 and an ephemeral port: it records every request and
 * answers with the status the test chooses, or not at all (to exercise the timeout).
 */
class FakeSmsProvider {
  readonly received: ReceivedRequest[] = [];
  status = 200;
  hang = false;
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (this.hang) return;
      response.writeHead(this.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: this.status < 300 }));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const silentLogger = { info: () => {}, warn: () => {} };
const message = { mobile: '+919876543210', text: 'Code "123456"\nline \\ two', otp: '123456' };

describe('HttpSmsAdapter against a fake provider', () => {
  const provider = new FakeSmsProvider();
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await provider.start();
  });
  afterAll(async () => {
    await provider.stop();
  });
  beforeEach(() => {
    provider.received.length = 0;
    provider.status = 200;
    provider.hang = false;
  });

  const configFor = (overrides: Partial<HttpSmsConfig> = {}): HttpSmsConfig => ({
    provider: 'http',
    url: `${baseUrl}/send`,
    method: 'POST',
    authHeader: { name: 'Authorization', value: 'Bearer test-key' },
    bodyTemplate: '{"to":"{mobile}","message":"{text}","meta":{"code":"{otp}","fixed":1}}',
    timeoutMs: 2_000,
    ...overrides,
  });

  it('posts the JSON body of the template with JSON-escaped values and the credential header', async () => {
    await new HttpSmsAdapter(configFor(), silentLogger).send(message);
    expect(provider.received).toHaveLength(1);
    const [request] = provider.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/send');
    expect(request?.headers.authorization).toBe('Bearer test-key');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      to: '+919876543210',
      message: 'Code "123456"\nline \\ two',
      meta: { code: '123456', fixed: 1 },
    });
  });

  it('fills placeholders of the URL URL-encoded and sends no body with GET', async () => {
    const config = configFor({
      method: 'GET',
      url: `${baseUrl}/api?to={mobile}&msg={text}`,
      authHeader: undefined,
    });
    await new HttpSmsAdapter(config, silentLogger).send(message);
    const [request] = provider.received;
    expect(request?.method).toBe('GET');
    expect(request?.body).toBe('');
    expect(request?.headers.authorization).toBeUndefined();
    const query = new URL(request?.url ?? '', baseUrl).searchParams;
    expect(query.get('to')).toBe('+919876543210');
    expect(query.get('msg')).toBe(message.text);
  });

  it('uses PUT when configured', async () => {
    await new HttpSmsAdapter(configFor({ method: 'PUT' }), silentLogger).send(message);
    expect(provider.received[0]?.method).toBe('PUT');
  });

  it.each([400, 401, 500, 503])(
    'fails with SmsDeliveryError when the provider answers %i',
    async (status) => {
      provider.status = status;
      await expect(new HttpSmsAdapter(configFor(), silentLogger).send(message)).rejects.toThrow(
        new SmsDeliveryError(`SMS provider answered HTTP ${status}`),
      );
    },
  );

  it('fails when the provider does not answer in time', async () => {
    provider.hang = true;
    await expect(
      new HttpSmsAdapter(configFor({ timeoutMs: 150 }), silentLogger).send(message),
    ).rejects.toThrow('SMS provider unreachable: timed out');
  });

  it('fails when nothing listens at the address', async () => {
    const closed = new FakeSmsProvider();
    const url = await closed.start();
    await closed.stop();
    await expect(
      new HttpSmsAdapter(configFor({ url: `${url}/send` }), silentLogger).send(message),
    ).rejects.toThrow(/^SMS provider unreachable: /);
  });
});

describeEachDatabase('registering through the HTTP SMS provider', (database) => {
  const provider = new FakeSmsProvider();
  let app: FastifyInstance;

  beforeAll(async () => {
    const baseUrl = await provider.start();
    const sms: SmsConfig = {
      provider: 'http',
      url: `${baseUrl}/messages`,
      method: 'POST',
      authHeader: { name: 'X-Api-Key', value: 'secret' },
      bodyTemplate: '{"phone":"{mobile}","body":"{text}"}',
      timeoutMs: 2_000,
    };
    await createTestUser(database().db, { rCode: 'HTTPROOT' });
    app = await buildTestApp(database(), { clock: new ManualClock(Date.UTC(2026, 3, 1)), config: { sms } });
  });
  afterAll(async () => {
    await app?.close();
    await provider.stop();
  });

  it('delivers the code through the provider and registers with it; there is no dev outbox', async () => {
    const mobile = uniqueTestMobile();
    const ip = uniqueTestIp();
    const sent = await app.inject({
      method: 'POST',
      url: '/user/send_verify_code',
      remoteAddress: ip,
      payload: { mobile_number: mobile, verify_type: 'register' },
    });
    expect(sent.statusCode).toBe(200);
    const request = provider.received.at(-1);
    expect(request?.headers['x-api-key']).toBe('secret');
    const delivered = JSON.parse(request?.body ?? '{}') as { phone: string; body: string };
    expect(delivered.phone).toBe(mobile);
    const code = /\b(\d{6})\b/.exec(delivered.body)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const register = await app.inject({
      method: 'POST',
      url: '/user/register',
      remoteAddress: ip,
      payload: { mobile_number: mobile, verify_code: code, password: 'tamarind-kite', r_code: 'HTTPROOT' },
    });
    expect(register.statusCode).toBe(200);
    const outbox = await app.inject({
      method: 'GET',
      url: `/dev/sms/last?mobile=${encodeURIComponent(mobile)}`,
    });
    expect(outbox.statusCode).toBe(404);
  });

  it('tells the user clearly when the provider fails, and a retry right after works', async () => {
    const mobile = uniqueTestMobile();
    const ip = uniqueTestIp();
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/user/send_verify_code',
        remoteAddress: ip,
        payload: { mobile_number: mobile, verify_type: 'register' },
      });
    provider.status = 502;
    const failed = await send();
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ code: 503, msg: AccountMessage.smsFailed });
    provider.status = 200;
    const retried = await send();
    expect(retried.statusCode).toBe(200);
  });
});
