import type { Kysely } from 'kysely';
import { type DialectName, forShare } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { SessionRow } from './accounts.tables.ts';

/** Stores a new session and answers its id. */
export async function insertSession(
  db: Kysely<Database>,
  session: { token_hash: string; user_id: number; device_id: string | null; ip: string | null; now: number },
): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      token_hash: session.token_hash,
      user_id: session.user_id,
      device_id: session.device_id,
      ip: session.ip,
      created_at: session.now,
      last_used_at: session.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** What a request's session lookup needs of a session, with its user's access flags (the routes gated by
 * them read them without another query). */
export type SessionLookupRow = Pick<SessionRow, 'id' | 'user_id' | 'token_hash' | 'last_used_at'> & {
  is_early: number;
  is_transfer_enable: number;
};

/**
 * The unrevoked sessions among these token hashes (one query for many concurrent requests), of accounts that
 * are not suspended: a suspension blocks the API even for a session opened while it was being written.
 */
export async function findLiveSessionsByTokenHashes(
  db: Kysely<Database>,
  tokenHashes: readonly string[],
): Promise<SessionLookupRow[]> {
  if (tokenHashes.length === 0) return [];
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.token_hash',
      'sessions.last_used_at',
      'users.is_early',
      'users.is_transfer_enable',
    ])
    .where('sessions.token_hash', 'in', tokenHashes)
    .where('sessions.revoked_at', 'is', null)
    .where('users.suspended_at', 'is', null)
    .execute();
}

/** Moves last_used_at forward, unless another request already did so recently. */
export async function touchSession(
  db: Kysely<Database>,
  id: number,
  now: number,
  olderThan: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where('last_used_at', '<=', olderThan)
    .execute();
}

/** Revokes one session; answers whether it was live. */
export async function revokeSession(db: Kysely<Database>, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes every live session of a user; answers how many there were. */
export async function revokeUserSessions(db: Kysely<Database>, userId: number, now: number): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A session with its user's access as it is now, for re-checking an open socket. */
export type SessionRecheckRow = Pick<SessionRow, 'id' | 'user_id' | 'last_used_at' | 'revoked_at'> & {
  is_early: number;
  is_transfer_enable: number;
  suspended_at: number | null;
};

/**
 * Waits until no transaction is writing these users' rows, then lets go at once: on PostgreSQL a FOR SHARE
 * read in ascending id order (the global lock order's users step), which waits for a transaction that
 * updated or locked a row FOR NO KEY UPDATE to commit or roll back. Each caller's statement runs alone (no
 * transaction), so it holds no other lock while it waits. On SQLite the one connection is held by a running
 * transaction until it ends, so any read already waits for it.
 */
export async function waitForUserRowWriters(
  db: Kysely<Database>,
  dialect: DialectName,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0 || dialect !== 'postgres') return;
  await forShare(
    db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [...userIds])
      .orderBy('id'),
    dialect,
  ).execute();
}

/** These sessions (revoked ones too) with their users' access, as committed now. */
export async function findSessionsForRecheck(
  db: Kysely<Database>,
  sessionIds: readonly number[],
): Promise<SessionRecheckRow[]> {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.last_used_at',
      'sessions.revoked_at',
      'users.is_early',
      'users.is_transfer_enable',
      'users.suspended_at',
    ])
    .where('sessions.id', 'in', [...sessionIds])
    .execute();
}
