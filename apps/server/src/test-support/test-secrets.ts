import { testSecretsKey } from '../config/config.ts';
import { SecretBox } from '../platform/secrets/secret-box.ts';

/**
 * A box with the key of testConfig() (random, one per test process): values a fixture seals with it open in
 * an app built by buildTestApp, as they would in a server sharing the deployment's key.
 */
export function testSecretBox(): SecretBox {
  return new SecretBox(testSecretsKey());
}
