import { type AppConfig, ConfigError } from '../../config/config.ts';
import { SecretBox } from './secret-box.ts';
import { readOrCreateSecretKeyFile, SECRETS_KEY_ADVICE } from './secret-keys.ts';

/** The box of a running server and where its key came from (for the start-up log). */
export interface OpenedSecretBox {
  readonly box: SecretBox;
  /** Outside production without a configured key: the data directory's key file, and whether it was just made. */
  readonly developmentKeyFile: { readonly path: string; readonly created: boolean } | undefined;
}

/** The message of a production start without a key. */
export const MISSING_PRODUCTION_KEY_MESSAGE =
  'SECRETS_KEY: must be set in production (or SECRETS_KEY_FILE, a file holding it): the key that encrypts ' +
  'provider secrets, operator TOTP secrets and payment gateway keys at rest; ' +
  SECRETS_KEY_ADVICE;

/**
 * The box of the configured keys (config.secrets.currentKey and previousKeys), for a process whose key is
 * known to be configured (tests: testConfig's key); throws when none is. Starts use openSecretBox.
 */
export function secretBoxOfConfiguredKeys(config: Pick<AppConfig, 'secrets'>): SecretBox {
  const { currentKey, previousKeys } = config.secrets;
  if (!currentKey) throw new Error('no secrets key is configured: build the box with openSecretBox');
  return new SecretBox(currentKey, previousKeys);
}

/**
 * Builds the one SecretBox of a process from the configuration (main and the command-line tools call it first
 * thing). Production refuses to start without a configured key (ConfigError). Elsewhere a missing key is the
 * data directory's secrets.key, made at the first start, so `npm start` needs no set-up.
 */
export function openSecretBox(config: Pick<AppConfig, 'isProduction' | 'secrets'>): OpenedSecretBox {
  const { currentKey, previousKeys, developmentKeyFile } = config.secrets;
  if (currentKey) return { box: secretBoxOfConfiguredKeys(config), developmentKeyFile: undefined };
  if (config.isProduction || developmentKeyFile === undefined) {
    throw new ConfigError([MISSING_PRODUCTION_KEY_MESSAGE]);
  }
  let file: ReturnType<typeof readOrCreateSecretKeyFile>;
  try {
    file = readOrCreateSecretKeyFile(developmentKeyFile);
  } catch (error) {
    throw new ConfigError([
      `SECRETS_KEY: not set, and the development key file failed: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  }
  return {
    box: new SecretBox(file.key, previousKeys),
    developmentKeyFile: { path: developmentKeyFile, created: file.created },
  };
}
