import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface ProfileRow {
  id: number;
  mobile: string;
  nick_name: string;
  r_code: string;
  is_early: number;
  is_transfer_enable: number;
  event_gift_enable: number;
}

/** The profile columns of one account. */
export async function findProfileRow(db: Kysely<Database>, userId: number): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'mobile', 'nick_name', 'r_code', 'is_early', 'is_transfer_enable', 'event_gift_enable'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Sets a user's nickname; answers whether the account exists. */
export async function updateNickName(
  db: Kysely<Database>,
  userId: number,
  nickName: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ nick_name: nickName, updated_at: now })
    .where('id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
