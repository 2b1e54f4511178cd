import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from './password-hasher.ts';

/**
 * Helpers for tests of any module that needs accounts: a referrer written straight to the database, and
 * registration and login through the real API (reading the code from the console SMS sink's dev route).
 */

let testIpCounter = 0;

/** A fresh client address per call, so tests do not share the hourly per-IP code cap by accident. */
export function uniqueTestIp(): string {
  testIpCounter += 1;
  return `10.${(testIpCounter >> 16) & 255}.${(testIpCounter >> 8) & 255}.${testIpCounter & 255}`;
}

let testMobileCounter = 0;

/** A fresh Indian mobile number per call ("+9170000000NN"), unique within one test process. */
export function uniqueTestMobile(): string {
  testMobileCounter += 1;
  return `+917${String(testMobileCounter).padStart(9, '0')}`;
}

export interface TestUserOptions {
  mobile?: string;
  password?: string;
  rCode: string;
  nickName?: string;
  referrerLevel1Id?: number | null;
  referrerLevel2Id?: number | null;
  now?: number;
}

/** Writes an account directly (for a referrer at the root of a test); answers its id. */
export async function createTestUser(db: Kysely<Database>, options: TestUserOptions): Promise<number> {
  const now = options.now ?? 1;
  const row = await db
    .insertInto('users')
    .values({
      mobile: options.mobile ?? uniqueTestMobile(),
      password_hash: await hashPassword(options.password ?? 'root-password'),
      nick_name: options.nickName ?? 'Root',
      r_code: options.rCode,
      referrer_level1_id: options.referrerLevel1Id ?? null,
      referrer_level2_id: options.referrerLevel2Id ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The code in the last console SMS to a number. */
export async function readLastOtp(app: FastifyInstance, mobile: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/dev/sms/last?mobile=${encodeURIComponent(mobile)}`,
  });
  if (response.statusCode !== 200) throw new Error(`no SMS for ${mobile}: ${response.body}`);
  return response.json().otp as string;
}

export interface RegisteredTestUser {
  mobile: string;
  password: string;
  token: string;
  deviceId: string;
  ip: string;
}

/** Registers through the API like the register screen does: send the code, read it, register. */
export async function registerThroughApi(
  app: FastifyInstance,
  options: { rCode: string; mobile?: string; password?: string; ip?: string },
): Promise<RegisteredTestUser> {
  const mobile = options.mobile ?? uniqueTestMobile();
  const password = options.password ?? 'secret-password';
  const ip = options.ip ?? uniqueTestIp();
  const sent = await app.inject({
    method: 'POST',
    url: '/user/send_verify_code',
    remoteAddress: ip,
    payload: { mobile_number: mobile, verify_type: 'register' },
  });
  if (sent.statusCode !== 200) throw new Error(`send_verify_code failed: ${sent.body}`);
  const response = await app.inject({
    method: 'POST',
    url: '/user/register',
    remoteAddress: ip,
    payload: {
      mobile_number: mobile,
      verify_code: await readLastOtp(app, mobile),
      password,
      r_code: options.rCode,
    },
  });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  const body = response.json();
  return { mobile, password, token: body.token, deviceId: body.device_id, ip };
}

/** The Authorization header of a token. */
export function tokenHeader(token: string): { authorization: string } {
  return { authorization: `Token ${token}` };
}
