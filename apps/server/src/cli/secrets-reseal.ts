import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { openSecretBox } from '../platform/secrets/open-secret-box.ts';
import { resealedCount, resealSecrets } from '../platform/secrets/reseal.ts';
import { type SecretBox, SecretBoxError } from '../platform/secrets/secret-box.ts';

/**
 * `npm run secrets:reseal`: seals again, under SECRETS_KEY, every stored secret that needs it (plaintext from
 * before secrets were sealed, or values of a key in SECRETS_PREVIOUS_KEYS) on the configured database, as
 * every start does; run it during a key rotation before the previous key is dropped. It migrates the
 * database first, as a start does. Exit 0 when every secret is sealed under the current key, 1 when a value
 * does not open with the configured keys (nothing of its table is changed), 2 when it could not run.
 */
async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  let secrets: SecretBox;
  try {
    config = loadConfig();
    secrets = openSecretBox(config).box;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  if (config.databaseUrl.startsWith('sqlite:')) {
    // Opening a missing SQLite file would create an empty database; say what is wrong instead.
    const file = config.databaseUrl.slice('sqlite:'.length);
    if (!fs.existsSync(file)) {
      console.error(`No database at ${file}: start the server once, or set DATABASE_URL.`);
      return 2;
    }
  }
  const database = openDatabase({ url: config.databaseUrl, poolSize: 1 });
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
