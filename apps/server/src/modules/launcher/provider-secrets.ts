import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config/config.ts';
import { SecretBox, secretKeyFromBytes } from '../../platform/secrets/secret-box.ts';

/** The purpose provider secrets are sealed for: the column that holds them (and a request's payload). */
export const PROVIDER_SECRET_PURPOSE = 'game_providers.secret';

/** How many characters of a secret the console may see, so two operators can tell which one was set. */
export const SECRET_HINT_CHARACTERS = 4;

let launcherBoxOfProcess: SecretBox | undefined;

/**
 * TEMPORARY — TO BE REPLACED AT MERGE (issue 24): the SecretBox the launcher seals provider secrets with.
 * Until the configured key of secrets at rest (SECRETS_KEY) is wired into the app, this is one box per
 * process with a random key, so values sealed by one process do not open in the next (the demo seed then
 * re-keys the built-in demo provider). Replace its body with the process's configured box, e.g.
 * `secretBoxOfConfiguredKeys(config)`; every caller (app.ts, main.ts, the tests) goes through it.
 */
export function secretBoxForLauncher(_config: Pick<AppConfig, 'isProduction'>): SecretBox {
  launcherBoxOfProcess ??= new SecretBox(secretKeyFromBytes(randomBytes(32)));
  return launcherBoxOfProcess;
}

/** The last characters of a secret, as the console may show them. */
export function secretHint(secret: string): string {
  return secret.slice(-SECRET_HINT_CHARACTERS);
}
