import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SECRET_KEY_BYTES, type SecretKey, secretKeyFromBytes } from './secret-box.ts';

/** What a secrets key looks like as text, for messages. */
export const SECRET_KEY_TEXT_FORMAT = `${SECRET_KEY_BYTES} bytes written as base64 (44 characters) or as 64 hex digits`;
/** The command that makes a key, for messages and the README. */
export const NEW_SECRET_KEY_COMMAND = 'openssl rand -base64 32';
/** The advice of every message about a missing or bad key. */
export const SECRETS_KEY_ADVICE = `make one with \`${NEW_SECRET_KEY_COMMAND}\` and keep it apart from the database and its backups`;
/** The permissions of a key file this server creates: its owner reads and writes it, nobody else. */
export const SECRET_KEY_FILE_MODE = 0o600;

const HEX_KEY_PATTERN = /^[0-9a-fA-F]{64}$/;
/** 32 bytes are 43 base64 characters and one padding "="; the URL-safe alphabet is accepted too. */
const BASE64_KEY_PATTERN = /^[A-Za-z0-9+/_-]{43}=?$/;

/** Reads a key written as text (base64 or hex, surrounding whitespace ignored); undefined when it is not one. */
export function secretKeyFromText(text: string): SecretKey | undefined {
  const trimmed = text.trim();
  if (HEX_KEY_PATTERN.test(trimmed)) return secretKeyFromBytes(Buffer.from(trimmed, 'hex'));
  if (!BASE64_KEY_PATTERN.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  return bytes.length === SECRET_KEY_BYTES ? secretKeyFromBytes(bytes) : undefined;
}

/** A fresh random key as text (base64), as SECRETS_KEY or a key file holds it. */
export function newSecretKeyText(): string {
  return randomBytes(SECRET_KEY_BYTES).toString('base64');
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/** Reads the key a file holds; throws an Error naming the file when it cannot be read or holds no key. */
export function readSecretKeyFile(file: string): SecretKey {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${file} (${errorCode(error) ?? String(error)})`);
  }
  const key = secretKeyFromText(text);
  if (!key) throw new Error(`${file} does not hold a key (${SECRET_KEY_TEXT_FORMAT})`);
  return key;
}

/**
 * The key in a file, made (random, mode 0600) when the file does not exist yet. The new file appears whole or
 * not at all (written aside, then linked into place), so two processes starting together on one data
 * directory both end up with the one key that won.
 */
export function readOrCreateSecretKeyFile(file: string): { key: SecretKey; created: boolean } {
  if (fs.existsSync(file)) return { key: readSecretKeyFile(file), created: false };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(aside, `${newSecretKeyText()}\n`, { mode: SECRET_KEY_FILE_MODE, flag: 'wx' });
  let created = false;
  try {
    fs.linkSync(aside, file);
    created = true;
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  return { key: readSecretKeyFile(file), created };
}
