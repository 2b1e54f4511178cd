import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { secretKeyFromBytes } from './secret-box.ts';
import {
  newSecretKeyText,
  readOrCreateSecretKeyFile,
  readSecretKeyFile,
  SECRET_KEY_FILE_MODE,
  secretKeyFromText,
} from './secret-keys.ts';

const directories: string[] = [];
function temporaryDirectory(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-keys-'));
  directories.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

describe('secretKeyFromText', () => {
  it('reads 32 bytes as base64, URL-safe base64 or hex, and they are the same key', () => {
    const bytes = randomBytes(32);
    const expected = secretKeyFromBytes(bytes);
    for (const text of [
      bytes.toString('base64'),
      bytes.toString('base64url'),
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
      `  ${bytes.toString('base64')}\n`,
    ]) {
      expect(secretKeyFromText(text)).toEqual(expected);
    }
  });

  it('refuses anything that is not exactly 32 bytes', () => {
    for (const text of [
      '',
      'not a key',
      randomBytes(16).toString('base64'),
      randomBytes(31).toString('hex'),
      randomBytes(33).toString('base64'),
      `${randomBytes(32).toString('base64').slice(0, 40)}!!!=`,
    ]) {
      expect(secretKeyFromText(text)).toBeUndefined();
    }
  });

  it('makes new keys that read back as keys, different each time', () => {
    const first = newSecretKeyText();
    expect(secretKeyFromText(first)).toBeDefined();
    expect(newSecretKeyText()).not.toBe(first);
  });
});

describe('key files', () => {
  it('creates a missing key file with mode 0600 once, and reads the same key afterwards', () => {
    const file = path.join(temporaryDirectory(), 'nested', 'secrets.key');
    const made = readOrCreateSecretKeyFile(file);
    expect(made.created).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(SECRET_KEY_FILE_MODE);
    const again = readOrCreateSecretKeyFile(file);
    expect(again).toEqual({ key: made.key, created: false });
    expect(readSecretKeyFile(file)).toEqual(made.key);
    // Nothing written aside is left behind.
    expect(fs.readdirSync(path.dirname(file))).toEqual(['secrets.key']);
  });

  it('names the file when it cannot be read or holds no key, and never prints its content', () => {
    const directory = temporaryDirectory();
    expect(() => readSecretKeyFile(path.join(directory, 'missing.key'))).toThrow(/missing\.key \(ENOENT\)/);
    const bad = path.join(directory, 'bad.key');
    fs.writeFileSync(bad, 'hunter2-not-a-key');
    expect(() => readSecretKeyFile(bad)).toThrow(/bad\.key does not hold a key/);
    expect(() => readSecretKeyFile(bad)).not.toThrow(/hunter2/);
    expect(() => readOrCreateSecretKeyFile(bad)).toThrow(/does not hold a key/);
  });
});
