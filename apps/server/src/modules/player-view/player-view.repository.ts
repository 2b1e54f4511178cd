import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PageWindow } from '../../http/pagination.ts';

/** The live (unrevoked) sessions of one account, newest first. */
export function listUserSessions(db: Kysely<Database>, userId: number, window: PageWindow) {
  return db
    .selectFrom('sessions')
    .select(['id', 'device_id', 'ip', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countUserSessions(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Revokes one session of one account (scoped to its owner); answers whether it was live. */
export async function revokeUserSession(
  db: Kysely<Database>,
  userId: number,
  sessionId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

function referralsOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .where((eb) => eb.or([eb('referrer_level1_id', '=', userId), eb('referrer_level2_id', '=', userId)]));
}

/** The accounts a player referred, directly (level 1) or through one of those (level 2), newest first. */
export function listReferrals(db: Kysely<Database>, userId: number, window: PageWindow) {
  return referralsOf(db, userId)
    .select(['id', 'mobile', 'nick_name', 'referrer_level1_id', 'created_at'])
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countReferrals(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await referralsOf(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
