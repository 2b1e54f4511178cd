import { describe, expect, it } from 'vitest';
import { SETTING_DEFINITIONS } from './settings.definitions.ts';

describe('app.landing_page', () => {
  const schema = SETTING_DEFINITIONS['app.landing_page'].schema;

  it.each(['', '/', '/download.html', '/#/mine', 'https://get.shop.example/app'])('accepts %j', (value) => {
    expect(schema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['a protocol-relative address, which is another host', '//evil.example/'],
    ['a backslash path, which browsers read as another host', '/\\evil.example/'],
    ['a relative path without a leading slash', 'download.html'],
    ['a path with spaces', '/a b'],
    ['an over-long path', `/${'a'.repeat(1000)}`],
  ])('refuses %s', (_, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});
