import { describe, expect, it } from 'vitest';
import { ConfigError, fillSmsTemplate, loadConfig } from '../../../config/config.ts';

describe('SMS configuration', () => {
  it('uses the console sink by default', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'console' });
  });

  it('reads a full HTTP provider configuration', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.com/send',
      SMS_HTTP_METHOD: 'PUT',
      SMS_HTTP_AUTH_HEADER: 'Authorization: Bearer abc:def',
      SMS_HTTP_BODY_TEMPLATE: '{"number":"{mobile}","sms":"{text}"}',
      SMS_HTTP_TIMEOUT_MS: '5000',
    });
    expect(config.sms).toEqual({
      provider: 'http',
      url: 'https://sms.example.com/send',
      method: 'PUT',
      authHeader: { name: 'Authorization', value: 'Bearer abc:def' },
      bodyTemplate: '{"number":"{mobile}","sms":"{text}"}',
      timeoutMs: 5000,
    });
  });

  it.each([
    [{ SMS_PROVIDER: 'http' }, /SMS_HTTP_URL: must be set when SMS_PROVIDER is http/],
    [{ SMS_PROVIDER: 'carrier-pigeon' }, /SMS_PROVIDER: must be one of console, http/],
    [{ SMS_HTTP_URL: 'not a url' }, /SMS_HTTP_URL: must be an absolute URL/],
    [{ SMS_HTTP_METHOD: 'DELETE' }, /SMS_HTTP_METHOD: must be one of POST, PUT, GET/],
    [{ SMS_HTTP_AUTH_HEADER: 'no colon here' }, /SMS_HTTP_AUTH_HEADER: must be "Header-Name: value"/],
    [{ SMS_HTTP_BODY_TEMPLATE: '{"to":{mobile}}' }, /SMS_HTTP_BODY_TEMPLATE: must be JSON/],
    [{ SMS_HTTP_TIMEOUT_MS: '5' }, /SMS_HTTP_TIMEOUT_MS/],
  ])('refuses %j with a clear message', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });

  it('fills placeholders with JSON-escaped values', () => {
    const filled = fillSmsTemplate('{"a":"{mobile}","b":"{text}","c":"{otp}","d":"{unknown}"}', {
      mobile: '+91',
      text: 'say "hi"\n\\ \u2028',
      otp: '000123',
    });
    expect(JSON.parse(filled)).toEqual({ a: '+91', b: 'say "hi"\n\\ \u2028', c: '000123', d: '{unknown}' });
  });
});
