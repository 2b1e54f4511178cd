import path from 'node:path';
import { MARKET_CODES } from '@app/shared';
import { z } from 'zod';

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
  SEED_DEMO: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
  TRUST_PROXY: booleanFlag.default(false),
  ADMIN_TOKEN: z
    .string()
    .trim()
    .min(24, 'must be at least 24 characters when set')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type Environment = z.output<typeof environmentSchema>;

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
  readonly mediaDir: string;
  readonly bodyLimitBytes: number;
  readonly trustProxy: boolean;
  readonly adminToken: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const serverRoot = path.resolve(import.meta.dirname, '..', '..');

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
  const port = env.PORT;
  const dataDir = path.resolve(env.DATA_DIR);
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
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(serverRoot, '..', 'web', 'dist')),
    mediaDir: path.join(serverRoot, 'media'),
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    adminToken: env.ADMIN_TOKEN,
  };
}

/** A configuration for tests: the defaults with an in-memory-free temporary database chosen by the caller. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    ...overrides,
  };
}
