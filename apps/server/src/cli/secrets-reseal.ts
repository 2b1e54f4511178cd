import { migrateToLatest } from '../db/migrator.ts';
import { openSecretBox } from '../platform/secrets/open-secret-box.ts';
import { resealedCount, resealSecrets } from '../platform/secrets/reseal.ts';
import { SecretBoxError } from '../platform/secrets/secret-box.ts';
import { openForCommand } from './cli-database.ts';

/**
 * `npm run secrets:reseal`: seals again, under SECRETS_KEY, every stored secret that needs it (plaintext from
 * before secrets were sealed, or values of a key in SECRETS_PREVIOUS_KEYS) on the configured database, as
 * every start does; run it during a key rotation before the previous key is dropped. It migrates the
 * database first, as a start does. Exit 0 when every secret is sealed under the current key, 1 when a value
 * does not open with the configured keys (nothing of its table is changed), 2 when it could not run.
 */
async function main(): Promise<number> {
  const start = openForCommand((config) => openSecretBox(config).box);
  if (!start.ok) return start.exitCode;
  const { database, extra: secrets } = start;
  try {
    await migrateToLatest(database);
    const report = await resealSecrets(database, secrets);
    const lines = Object.entries(report).map(([column, count]) => `  ${column}: ${count}`);
    console.log(
      `Sealed again under key ${secrets.currentKeyId}: ${resealedCount(report)} value(s)\n${lines.join('\n')}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SecretBoxError) {
      console.error(`A stored secret does not open: ${error.message}`);
      return 1;
    }
    console.error(`The re-seal could not run: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  } finally {
    await database.destroy();
  }
}

process.exitCode = await main();
