import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config.ts';
import { MISSING_PRODUCTION_KEY_MESSAGE, openSecretBox } from './open-secret-box.ts';
import { SecretBox, secretKeyFromBytes } from './secret-box.ts';

const directories: string[] = [];
function temporaryDirectory(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'open-secret-box-'));
  directories.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

describe('openSecretBox', () => {
  it('refuses a production start without a key, saying how to make one, and writes no key file', () => {
    const dataDir = temporaryDirectory();
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    try {
      openSecretBox(config);
      expect.unreachable('a production start without a key must fail');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([MISSING_PRODUCTION_KEY_MESSAGE]);
      expect((error as Error).message).toMatch(/SECRETS_KEY: must be set in production/);
      expect((error as Error).message).toContain('openssl rand -base64 32');
    }
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('uses SECRETS_KEY in production, with the previous keys opening only', () => {
    const current = randomBytes(32);
    const previous = randomBytes(32);
    const sealedBefore = new SecretBox(secretKeyFromBytes(previous)).seal('old', 'p');
    const { box, developmentKeyFile } = openSecretBox(
      loadConfig({
        NODE_ENV: 'production',
        SECRETS_KEY: current.toString('base64'),
        SECRETS_PREVIOUS_KEYS: previous.toString('hex'),
      }),
    );
    expect(developmentKeyFile).toBeUndefined();
    expect(box.currentKeyId).toBe(secretKeyFromBytes(current).id);
    expect(box.open(sealedBefore, 'p')).toBe('old');
    expect(box.needsReseal(sealedBefore)).toBe(true);
  });

  it('outside production without a key, makes $DATA_DIR/secrets.key at the first start and keeps it', () => {
    const dataDir = path.join(temporaryDirectory(), 'data');
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const first = openSecretBox(config);
    const keyFile = path.join(dataDir, 'secrets.key');
    expect(first.developmentKeyFile).toEqual({ path: keyFile, created: true });
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const sealed = first.box.seal('value', 'p');
    const second = openSecretBox(config);
    expect(second.developmentKeyFile).toEqual({ path: keyFile, created: false });
    expect(second.box.open(sealed, 'p')).toBe('value');
    expect(second.box.needsReseal(sealed)).toBe(false);
  });
});
