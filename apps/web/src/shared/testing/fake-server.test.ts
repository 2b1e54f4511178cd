import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubFakeServer } from './fake-server.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('stubFakeServer', () => {
  it('answers by method and path first, then by path, and records every call', async () => {
    const calls = stubFakeServer({
      'POST /user/buy': (call) => ({ code: 200, echoed: call.body.id }),
      '/user/buy': () => ({ code: 200, any: true }),
    });
    const posted = await fetch('/user/buy?x=1', {
      method: 'POST',
      body: JSON.stringify({ id: 7 }),
      headers: { 'Idempotency-Key': 'k1' },
    });
    expect(await posted.json()).toEqual({ code: 200, echoed: 7 });
    const got = await fetch('/user/buy');
    expect(await got.json()).toEqual({ code: 200, any: true });

    expect(calls).toHaveLength(2);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.query.get('x')).toBe('1');
    expect(calls[0]?.headers).toEqual({ 'Idempotency-Key': 'k1' });
    expect(calls[1]?.body).toEqual({});
    expect(callsTo(calls, '/user/buy', 'GET')).toHaveLength(1);
    expect(callsTo(calls, '/user/buy')).toHaveLength(2);
  });

  it('uses the envelope code as the status, answers 404 to unknown paths and fails on an Error', async () => {
    stubFakeServer({
      '/refused': () => ({ code: 400, msg: 'No' }),
      '/offline': () => new Error('offline'),
    });
    expect((await fetch('/refused')).status).toBe(400);
    const unknown = await fetch('/nowhere');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 404, msg: 'Not found' });
    await expect(fetch('/offline')).rejects.toThrow('offline');
  });
});
