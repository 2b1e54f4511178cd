import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SessionLookupRow } from '../accounts/session.repository.ts';

export interface ProfileRow {
  id: number;
  mobile: string;
  nick_name: string;
  r_code: string;
  is_early: number;
  is_transfer_enable: number;
  event_gift_enable: number;
  /** The wallet's counters (null while the user has no wallet): the ledger computes the balance from them. */
  credits_posted: number | null;
  debits_posted: number | null;
  debits_pending: number | null;
}

/** How many sessions one profile query reads at most (the lookups of requests that arrive together). */
export const PROFILE_LOOKUP_BATCH_LIMIT = 500;

/** A live session with its account's profile columns and its wallet's counters. */
export type SessionProfileRow = SessionLookupRow & Omit<ProfileRow, 'id'>;

/**
 * The unrevoked sessions among these token hashes, each with its account and its wallet's counters, in one
 * statement: GET /user/profile authenticates and reads in a single round trip (a read for display). The
 * caller bounds the list; an empty list answers at once, because `in ()` is not SQL.
 */
export async function findProfilesBySessionTokenHashes(
  db: Kysely<Database>,
  tokenHashes: readonly string[],
): Promise<SessionProfileRow[]> {
  if (tokenHashes.length === 0) return [];
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('ledger_accounts as wallet', (join) =>
      join.onRef('wallet.user_id', '=', 'users.id').on('wallet.kind', '=', 'user_wallet'),
    )
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.token_hash',
      'sessions.last_used_at',
      'users.mobile',
      'users.nick_name',
      'users.r_code',
      'users.is_early',
      'users.is_transfer_enable',
      'users.event_gift_enable',
      'wallet.credits_posted',
      'wallet.debits_posted',
      'wallet.debits_pending',
    ])
    .where('sessions.token_hash', 'in', tokenHashes)
    .where('sessions.revoked_at', 'is', null)
    .execute();
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
