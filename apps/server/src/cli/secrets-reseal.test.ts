import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { SecretBox, secretKeyFromBytes } from '../platform/secrets/secret-box.ts';
import { SecretPurpose } from '../platform/secrets/secret-purposes.ts';

const run = promisify(execFile);
const serverRoot = path.resolve(import.meta.dirname, '..', '..');
const tsxCli = path.resolve(serverRoot, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
const PROVIDER_SECRET = 'provider-secret-CLEARTEXT-0123456789';

describe('npm run secrets:reseal', () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
  });

  /** Runs the command line the way `npm run secrets:reseal` does, on an embedded database file. */
  const reseal = async (file: string, environment: Record<string, string>) => {
    try {
      const { stdout } = await run(process.execPath, [tsxCli, 'src/cli/secrets-reseal.ts'], {
        cwd: serverRoot,
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: `sqlite:${file}`,
          NODE_ENV: 'production',
          ...environment,
        },
      });
      return { code: 0, output: stdout };
    } catch (error) {
      const failure = error as { code: number; stdout: string; stderr: string };
      return { code: failure.code, output: `${failure.stdout}${failure.stderr}` };
    }
  };

  it('seals plaintext, rotates to a new key with the old one previous, and exits 1 on a key it lacks', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-cli-'));
    directories.push(directory);
    const file = path.join(directory, 'app.db');
    const database = openDatabase({ url: `sqlite:${file}` });
    const storedSecret = async () =>
      (
        await database.db
          .selectFrom('game_providers')
          .select('secret')
          .where('key', '=', 'cli')
          .executeTakeFirstOrThrow()
      ).secret;
    try {
      await migrateToLatest(database);
      await database.db
        .insertInto('game_providers')
        .values({
          key: 'cli',
          name: 'CLI provider',
          secret: PROVIDER_SECRET,
          launch_url: 'https://games.example/launch',
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      const [bytesA, bytesB] = [randomBytes(32), randomBytes(32)];
      const [keyA, keyB] = [secretKeyFromBytes(bytesA), secretKeyFromBytes(bytesB)];

      const first = await reseal(file, { SECRETS_KEY: bytesA.toString('base64') });
      expect(first.output).toContain(`Sealed again under key ${keyA.id}: 1 value(s)`);
      expect(first.output).toContain('game_providers.secret: 1');
      expect(first.code).toBe(0);
      const sealedA = await storedSecret();
      expect(sealedA.startsWith(`sb1.${keyA.id}.`)).toBe(true);

      const again = await reseal(file, { SECRETS_KEY: bytesA.toString('hex') });
      expect(again.output).toContain('0 value(s)');
      expect(await storedSecret()).toBe(sealedA);

      const lacking = await reseal(file, { SECRETS_KEY: bytesB.toString('base64') });
      expect(lacking.code).toBe(1);
      expect(lacking.output).toContain(
        `game provider cli: game_providers.secret: sealed with key ${keyA.id}`,
      );
      expect(await storedSecret()).toBe(sealedA);

      const rotated = await reseal(file, {
        SECRETS_KEY: bytesB.toString('base64'),
        SECRETS_PREVIOUS_KEYS: bytesA.toString('base64'),
      });
      expect(rotated.code).toBe(0);
      expect(new SecretBox(keyB).open(await storedSecret(), SecretPurpose.gameProviderSecret)).toBe(
        PROVIDER_SECRET,
      );

      const withoutKey = await reseal(file, {});
      expect(withoutKey.code).toBe(2);
      expect(withoutKey.output).toContain('SECRETS_KEY: must be set in production');
    } finally {
      await database.destroy();
    }
  }, 60_000);
});
