import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('starts with no environment at all: port 3000, embedded database under ./data, market in', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.market).toBe('in');
    expect(config.databaseUrl).toBe(`sqlite:${path.resolve('./data/app.db')}`);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
    expect(config.isProduction).toBe(false);
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgres://app@db/app',
      REDIS_URL: 'redis://cache:6379',
      MARKET: 'pt',
      PUBLIC_URL: 'https://shop.example.com/',
      DATA_DIR: '/var/lib/shop',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      databaseUrl: 'postgres://app@db/app',
      redisUrl: 'redis://cache:6379',
      market: 'pt',
      publicUrl: 'https://shop.example.com',
      dataDir: '/var/lib/shop',
      seedDemo: false,
      logLevel: 'warn',
    });
  });

  it('seeds the demo by default only outside production (issue 24: the demo registers early-access accounts)', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '' }).seedDemo).toBe(false);
    // An explicit choice wins either way.
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', MARKET: '' }).port).toBe(3000);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', MARKET: 'br', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^PORT: .*"eighty"/m);
      expect(problems).toMatch(/^MARKET: must be one of in, pt, mx, vi/m);
      expect(problems).toMatch(/^DATABASE_URL: must be postgres/m);
      expect(problems).toMatch(/^SEED_DEMO: must be true or false/m);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and for false', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('reads true as one hop (the load balancer in front), never as "believe the header"', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
  });

  it('reads a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('reads a list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,2001:db8::/32,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '2001:db8::/32',
      'loopback',
    ]);
  });

  it.each(['maybe', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,', '99'])(
    'refuses %s with a message naming it',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be/);
    },
  );
});
