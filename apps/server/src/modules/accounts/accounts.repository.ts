import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { forNoKeyUpdate } from '../../db/transaction.ts';
import type { NewUserRow, UserRow } from './accounts.tables.ts';

/** The account with this normalised mobile number. */
export async function findUserByMobile(db: Kysely<Database>, mobile: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

/** The account with this id. */
export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account whose own referral code this is (codes are stored upper-case). */
export async function findUserByReferralCode(
  db: Kysely<Database>,
  referralCode: string,
): Promise<Pick<UserRow, 'id' | 'referrer_level1_id'> | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'referrer_level1_id'])
    .where('r_code', '=', referralCode)
    .executeTakeFirst();
}

/**
 * Inserts an account unless its mobile number or referral code is taken (then answers undefined and the
 * caller finds out which). ON CONFLICT DO NOTHING works the same on both dialects.
 */
export async function insertUserIfFree(db: Kysely<Database>, user: NewUserRow): Promise<number | undefined> {
  const row = await db
    .insertInto('users')
    .values(user)
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Whether a referral code is already someone's. */
export async function referralCodeExists(db: Kysely<Database>, referralCode: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('r_code', '=', referralCode).executeTakeFirst();
  return row !== undefined;
}

/** Replaces a user's password hash. */
export async function updatePasswordHash(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Whether the user trusts this device. */
export async function isDeviceTrusted(
  db: Kysely<Database>,
  userId: number,
  deviceId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('trusted_devices')
    .select('id')
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Trusts a device for a user; trusting it again only refreshes last_used_at. */
export async function trustDevice(
  db: Kysely<Database>,
  userId: number,
  deviceId: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('trusted_devices')
    .values({ user_id: userId, device_id: deviceId, created_at: now, last_used_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'device_id']).doUpdateSet({ last_used_at: now }))
    .execute();
}

/**
 * Locks the user's row until the transaction ends (PostgreSQL; SQLite's BEGIN IMMEDIATE already holds the
 * database), so two requests of one user that count and then write (addresses, bank cards, withdrawals)
 * take turns. Answers false when the user does not exist.
 */
export async function lockUserRow(
  trx: Kysely<Database>,
  dialect: DialectName,
  userId: number,
): Promise<boolean> {
  const row = await forNoKeyUpdate(
    trx.selectFrom('users').select('id').where('id', '=', userId),
    dialect,
  ).executeTakeFirst();
  return row !== undefined;
}
