import { SecretPurpose } from '../../platform/secrets/secret-purposes.ts';

/** The purpose provider secrets are sealed for: the column that holds them (and a request's payload). */
export const PROVIDER_SECRET_PURPOSE = SecretPurpose.gameProviderSecret;

/** How many characters of a secret the console may see, so two operators can tell which one was set. */
export const SECRET_HINT_CHARACTERS = 4;

/** The last characters of a secret, as the console may show them. */
export function secretHint(secret: string): string {
  return secret.slice(-SECRET_HINT_CHARACTERS);
}
