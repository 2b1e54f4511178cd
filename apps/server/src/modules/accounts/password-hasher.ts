import { randomBytes } from 'node:crypto';
import type { Algorithm } from '@node-rs/argon2';

/**
 * argon2id with the parameters of DESIGN.md "Auth and security" (OWASP's first recommendation):
 * 19 MiB of memory, 2 passes, 1 lane. `Algorithm` is a const enum that isolated modules cannot read, so
 * its Argon2id member (2) is spelled out.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;

/**
 * The native argon2 addon, loaded with the first hash or check rather than with the server: a start needs no
 * password, and loading the addon through the module loader was a measurable part of every start.
 */
function loadArgon2(): Promise<typeof import('@node-rs/argon2')> {
  argon2 ??= import('@node-rs/argon2');
  return argon2;
}

/** Hashes a password into a PHC string that carries its own salt and parameters. */
export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** Checks a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random secret that no password matches. Verifying against it when a number is unknown makes a
 * failed login take as long as a wrong password, so timing does not reveal which numbers have accounts.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}
