import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { MARKET_CODES } from '@app/shared';
import { z } from 'zod';
import { type SecretKey, secretKeyFromBytes } from '../platform/secrets/secret-box.ts';
import {
  readSecretKeyFile,
  SECRET_KEY_TEXT_FORMAT,
  SECRETS_KEY_ADVICE,
  secretKeyFromText,
} from '../platform/secrets/secret-keys.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const databaseUrl = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || /^postgres(ql)?:\/\//.test(value) || value.startsWith('sqlite:'),
    'must be postgres://…, postgresql://…, sqlite:<file> or empty for the embedded database',
  );

const SMS_PROVIDERS = ['console', 'http'] as const;
const SMS_HTTP_METHODS = ['POST', 'PUT', 'GET'] as const;

/** The placeholders an SMS body template may use; each is replaced by the JSON-escaped value. */
export const SMS_TEMPLATE_PLACEHOLDERS = ['mobile', 'text', 'otp'] as const;
const DEFAULT_SMS_BODY_TEMPLATE = '{"to":"{mobile}","text":"{text}"}';

/** Fills {mobile}, {text} and {otp} with JSON-escaped values, so they belong inside JSON strings. */
export function fillSmsTemplate(
  template: string,
  values: Record<(typeof SMS_TEMPLATE_PLACEHOLDERS)[number], string>,
): string {
  return template.replace(/\{(mobile|text|otp)\}/g, (_, name: keyof typeof values) =>
    JSON.stringify(values[name]).slice(1, -1),
  );
}

function isJsonBodyTemplate(template: string): boolean {
  try {
    JSON.parse(fillSmsTemplate(template, { mobile: '+910000000000', text: 'Code "1" \\ ok', otp: '123456' }));
    return true;
  } catch {
    return false;
  }
}

/** Most proxies a request may pass through before this server (a CDN, a load balancer, an ingress …). */
export const MAX_TRUSTED_PROXY_HOPS = 10;
/** The address ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/** Whether an entry of TRUST_PROXY is an IP address, an address/prefix (CIDR) or a named range. */
function isProxyAddress(entry: string): boolean {
  if ((NAMED_PROXY_RANGES as readonly string[]).includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the server may say who the client is (X-Forwarded-For): none (`false`), the
 * nearest N hops (a count; `true` means 1, the one load balancer), or the proxies at the listed addresses and
 * ranges. Never "whatever the header says": its leftmost entry is written by the client itself.
 */
export type TrustProxySetting = false | number | readonly string[];

const trustProxy = z
  .string()
  .trim()
  .transform((value, context): TrustProxySetting => {
    const lower = value.toLowerCase();
    if (['', 'false', '0', 'no'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return 1;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= MAX_TRUSTED_PROXY_HOPS) return hops;
      context.addIssue({
        code: 'custom',
        message: `must be a hop count of at most ${MAX_TRUSTED_PROXY_HOPS}, or a list of proxy addresses`,
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length === 0) return entries;
    context.addIssue({
      code: 'custom',
      message:
        'must be false, a hop count (1 = one load balancer) or a comma-separated list of proxy addresses ' +
        `and CIDR ranges such as 10.0.0.0/8,192.0.2.7; not an address: ${bad.join(', ')}`,
    });
    return z.NEVER;
  });

/** Every environment variable the server reads, with its default. Nothing else reads process.env. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0)
    .max(65535)
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: databaseUrl.default(''),
  REDIS_URL: z
    .string()
    .trim()
    .refine((value) => value === '' || /^rediss?:\/\//.test(value), 'must be redis://… or empty')
    .default(''),
  MARKET: z.enum(MARKET_CODES, { error: `must be one of ${MARKET_CODES.join(', ')}` }).default('in'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://shop.example.com' }).optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  /** Unset: true in development and tests, false in production (the demo registers early-access accounts). */
  SEED_DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  /** The built operator console (apps/admin), served under /admin/. */
  ADMIN_DIST_DIR: z.string().trim().min(1).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
  TRUST_PROXY: trustProxy.default(false),
  /** Whether this instance runs game engines (it still only draws while it holds the leader lock). */
  GAME_ENGINES: booleanFlag.default(true),
  /** Development only: a test clock moved by POST /dev/clock/advance (never in production). */
  DEV_TEST_CLOCK: booleanFlag.default(false),
  /** The prefix of the live games' Redis channels: instances of one deployment share it, others differ. */
  LIVE_BUS_NAMESPACE: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,60}$/, 'must be 1-60 letters, digits, dots, dashes or underscores')
    .default('goldshop'),
  ADMIN_TOKEN: z
    .string()
    .trim()
    .min(24, 'must be at least 24 characters when set')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMS_PROVIDER: z
    .enum(SMS_PROVIDERS, { error: `must be one of ${SMS_PROVIDERS.join(', ')}` })
    .default('console'),
  SMS_HTTP_URL: z.url({ error: 'must be an absolute URL such as https://sms.example.com/send' }).optional(),
  SMS_HTTP_METHOD: z
    .enum(SMS_HTTP_METHODS, { error: `must be one of ${SMS_HTTP_METHODS.join(', ')}` })
    .default('POST'),
  SMS_HTTP_AUTH_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+:\s*\S.*$/, 'must be "Header-Name: value", such as "Authorization: Bearer abc"')
    .optional(),
  SMS_HTTP_BODY_TEMPLATE: z
    .string()
    .refine(isJsonBodyTemplate, 'must be JSON once {mobile}, {text} and {otp} are filled in')
    .default(DEFAULT_SMS_BODY_TEMPLATE),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * How long a public read (colour history, catalogue, home screen, app shell, display settings) is answered
   * from memory before it is read again: how soon another instance's change shows here. 0 keeps nothing.
   */
  PUBLIC_READ_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** The key that seals secrets at rest (see SecretsConfig); read by secretsConfigOf, never echoed. */
  SECRETS_KEY: z.string().optional(),
  /** A file holding that key instead (a mounted secret). */
  SECRETS_KEY_FILE: z.string().trim().min(1).optional(),
  /** Comma-separated keys that only open values (rotation), in the same text form. */
  SECRETS_PREVIOUS_KEYS: z.string().optional(),
});

export type Environment = z.output<typeof environmentSchema>;

/** Where one-time codes go: the console sink (the server log, and /dev/sms/last outside production) or an HTTP provider. */
export type SmsConfig =
  | { readonly provider: 'console' }
  | {
      readonly provider: 'http';
      readonly url: string;
      readonly method: (typeof SMS_HTTP_METHODS)[number];
      /** The provider's credential header, if it needs one. */
      readonly authHeader: { readonly name: string; readonly value: string } | undefined;
      /** JSON body with {mobile}, {text} and {otp} placeholders (values are JSON-escaped); unused for GET. */
      readonly bodyTemplate: string;
      readonly timeoutMs: number;
    };

/**
 * The keys of secrets at rest (DESIGN.md "Auth and security"): SECRETS_KEY (or the key in SECRETS_KEY_FILE)
 * seals and opens; SECRETS_PREVIOUS_KEYS only open, while values are re-sealed after a rotation.
 */
export interface SecretsConfig {
  /** The configured key; undefined when neither SECRETS_KEY nor SECRETS_KEY_FILE is set. */
  readonly currentKey: SecretKey | undefined;
  readonly previousKeys: readonly SecretKey[];
  /**
   * Outside production, where the key is kept when none is configured ($DATA_DIR/secrets.key, made at the
   * first start); undefined in production, which refuses to start without a configured key.
   */
  readonly developmentKeyFile: string | undefined;
}

/** The secrets keys of the environment; every problem is pushed, naming its variable and never its value. */
function secretsConfigOf(env: Environment, dataDir: string, problems: string[]): SecretsConfig {
  let currentKey: SecretKey | undefined;
  if (env.SECRETS_KEY !== undefined && env.SECRETS_KEY_FILE !== undefined) {
    problems.push('SECRETS_KEY_FILE: set either SECRETS_KEY or SECRETS_KEY_FILE, not both');
  } else if (env.SECRETS_KEY !== undefined) {
    currentKey = secretKeyFromText(env.SECRETS_KEY);
    if (!currentKey) problems.push(`SECRETS_KEY: must be ${SECRET_KEY_TEXT_FORMAT}; ${SECRETS_KEY_ADVICE}`);
  } else if (env.SECRETS_KEY_FILE !== undefined) {
    try {
      currentKey = readSecretKeyFile(path.resolve(env.SECRETS_KEY_FILE));
    } catch (error) {
      problems.push(`SECRETS_KEY_FILE: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const previousKeys: SecretKey[] = [];
  const previousTexts = (env.SECRETS_PREVIOUS_KEYS ?? '').split(',').map((text) => text.trim());
  previousTexts.forEach((text, index) => {
    if (text === '') return;
    const key = secretKeyFromText(text);
    if (key) previousKeys.push(key);
    else {
      problems.push(
        `SECRETS_PREVIOUS_KEYS: key ${index + 1} of ${previousTexts.length} must be ${SECRET_KEY_TEXT_FORMAT}`,
      );
    }
  });
  return {
    currentKey,
    previousKeys,
    developmentKeyFile: env.NODE_ENV === 'production' ? undefined : path.join(dataDir, 'secrets.key'),
  };
}

export interface AppConfig {
  readonly env: Environment['NODE_ENV'];
  readonly isProduction: boolean;
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly market: Environment['MARKET'];
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly seedDemo: boolean;
  readonly logLevel: Environment['LOG_LEVEL'];
  readonly webDistDir: string;
  readonly adminDistDir: string;
  readonly mediaDir: string;
  readonly bodyLimitBytes: number;
  /** Which proxies may name the client's address (see TrustProxySetting). */
  readonly trustProxy: TrustProxySetting;
  readonly adminToken: string | undefined;
  readonly sms: SmsConfig;
  readonly gameEngines: boolean;
  /** True only outside production with DEV_TEST_CLOCK set. */
  readonly devTestClock: boolean;
  /** How long a public read is kept before it is read again (changes on this instance apply at once). */
  readonly publicReadTtlMs: number;
  /** Prefix of the live games' event-bus channels (LIVE_BUS_NAMESPACE). */
  readonly liveBusNamespace: string;
  /** The keys of secrets at rest (SECRETS_KEY, SECRETS_KEY_FILE, SECRETS_PREVIOUS_KEYS). */
  readonly secrets: SecretsConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The server package's folder (apps/server): the nearest folder above this module with a package.json, so
 * that it is the same whether the server runs from its sources (src/config/) or from its build (dist/).
 */
function findServerRoot(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no package.json above ${from}`);
  }
}

const serverRoot = findServerRoot(import.meta.dirname);

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  // Empty strings mean "not set" so that `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(environment)';
        return `${name}: ${issue.message} (got ${JSON.stringify(source[name] ?? null)})`;
      }),
    );
  }
  const env = parsed.data;
  if (env.SMS_PROVIDER === 'http' && !env.SMS_HTTP_URL) {
    throw new ConfigError(['SMS_HTTP_URL: must be set when SMS_PROVIDER is http (got null)']);
  }
  const port = env.PORT;
  const dataDir = path.resolve(env.DATA_DIR);
  const secretsProblems: string[] = [];
  const secrets = secretsConfigOf(env, dataDir, secretsProblems);
  if (secretsProblems.length > 0) throw new ConfigError(secretsProblems);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(dataDir, 'app.db')}`,
    redisUrl: env.REDIS_URL,
    market: env.MARKET,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(serverRoot, '..', 'web', 'dist')),
    adminDistDir: path.resolve(env.ADMIN_DIST_DIR ?? path.join(serverRoot, '..', 'admin', 'dist')),
    mediaDir: path.join(serverRoot, 'media'),
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    adminToken: env.ADMIN_TOKEN,
    gameEngines: env.GAME_ENGINES,
    devTestClock: env.DEV_TEST_CLOCK && env.NODE_ENV !== 'production',
    publicReadTtlMs: env.PUBLIC_READ_TTL_MS,
    liveBusNamespace: env.LIVE_BUS_NAMESPACE,
    secrets,
    sms:
      env.SMS_PROVIDER === 'http' && env.SMS_HTTP_URL
        ? {
            provider: 'http',
            url: env.SMS_HTTP_URL,
            method: env.SMS_HTTP_METHOD,
            authHeader: parseHeaderLine(env.SMS_HTTP_AUTH_HEADER),
            bodyTemplate: env.SMS_HTTP_BODY_TEMPLATE,
            timeoutMs: env.SMS_HTTP_TIMEOUT_MS,
          }
        : { provider: 'console' },
  };
}

/** Splits "Name: value" into its parts (the format was validated with the environment). */
function parseHeaderLine(line: string | undefined): { name: string; value: string } | undefined {
  if (!line) return undefined;
  const separator = line.indexOf(':');
  return { name: line.slice(0, separator).trim(), value: line.slice(separator + 1).trim() };
}

/** The secrets key of every testConfig() in this process: random, so no test relies on a key in the sources. */
let testSecretsKeyOfProcess: SecretKey | undefined;

/** The key testConfig() seals with (the same for the whole test process, so fixtures can seal for the app). */
export function testSecretsKey(): SecretKey {
  testSecretsKeyOfProcess ??= secretKeyFromBytes(randomBytes(32));
  return testSecretsKeyOfProcess;
}

/** A configuration for tests: the defaults with an in-memory-free temporary database chosen by the caller. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    // Public reads are not kept between requests in tests, which often write rows behind the app's back;
    // the tests of the cache itself set publicReadTtlMs.
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      GAME_ENGINES: 'false',
      PUBLIC_READ_TTL_MS: '0',
    }),
    secrets: { currentKey: testSecretsKey(), previousKeys: [], developmentKeyFile: undefined },
    ...overrides,
  };
}
