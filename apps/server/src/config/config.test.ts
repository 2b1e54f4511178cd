import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretKeyFromBytes } from '../platform/secrets/secret-box.ts';
import { ConfigError, loadConfig, testConfig, testSecretsKey } from './config.ts';

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

describe('SECRETS_KEY, SECRETS_KEY_FILE and SECRETS_PREVIOUS_KEYS', () => {
  /** The problems of a configuration that must be refused. */
  const problemsOf = (environment: Record<string, string>): string[] => {
    try {
      loadConfig(environment);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return expect.unreachable('loadConfig should have thrown');
  };

  it('has no key by default; outside production the data directory keeps one, in production nothing does', () => {
    expect(loadConfig({ DATA_DIR: '/srv/shop' }).secrets).toEqual({
      currentKey: undefined,
      previousKeys: [],
      developmentKeyFile: path.resolve('/srv/shop/secrets.key'),
    });
    // loadConfig itself never writes the key file (openSecretBox does, at a start).
    expect(loadConfig({ NODE_ENV: 'production' }).secrets.developmentKeyFile).toBeUndefined();
  });

  it('reads the key as base64 or hex, and the previous keys as a comma-separated list', () => {
    const [current, previousA, previousB] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const secrets = loadConfig({
      SECRETS_KEY: current.toString('base64'),
      SECRETS_PREVIOUS_KEYS: ` ${previousA.toString('hex')}, ${previousB.toString('base64url')} ,`,
    }).secrets;
    expect(secrets.currentKey).toEqual(secretKeyFromBytes(current));
    expect(secrets.previousKeys).toEqual([secretKeyFromBytes(previousA), secretKeyFromBytes(previousB)]);
  });

  it('reads the key from SECRETS_KEY_FILE', () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'config-key-file-'));
    try {
      const bytes = randomBytes(32);
      const file = path.join(directory, 'secrets.key');
      fs.writeFileSync(file, `${bytes.toString('hex')}\n`);
      expect(loadConfig({ SECRETS_KEY_FILE: file }).secrets.currentKey).toEqual(secretKeyFromBytes(bytes));
      expect(problemsOf({ SECRETS_KEY_FILE: path.join(directory, 'absent.key') })).toEqual([
        `SECRETS_KEY_FILE: cannot read ${path.join(directory, 'absent.key')} (ENOENT)`,
      ]);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });

  it('refuses a bad key naming the variable, and never repeats the value', () => {
    const shortKey = randomBytes(16).toString('base64');
    const [problem] = problemsOf({ SECRETS_KEY: shortKey });
    expect(problem).toMatch(
      /^SECRETS_KEY: must be 32 bytes written as base64 \(44 characters\) or as 64 hex/,
    );
    expect(problem).toContain('openssl rand -base64 32');
    expect(problem).not.toContain(shortKey);
    const good = randomBytes(32).toString('base64');
    const previous = problemsOf({ SECRETS_KEY: good, SECRETS_PREVIOUS_KEYS: `${good},not-a-key-value` });
    expect(previous).toEqual([
      'SECRETS_PREVIOUS_KEYS: key 2 of 2 must be 32 bytes written as base64 (44 characters) or as 64 hex digits',
    ]);
    expect(problemsOf({ SECRETS_KEY: good, SECRETS_KEY_FILE: '/run/secrets/key' })).toEqual([
      'SECRETS_KEY_FILE: set either SECRETS_KEY or SECRETS_KEY_FILE, not both',
    ]);
  });

  it('gives tests one random key per process', () => {
    expect(testConfig().secrets.currentKey).toBe(testSecretsKey());
    expect(testSecretsKey().key).toHaveLength(32);
  });
});
