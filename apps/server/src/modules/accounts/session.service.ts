import type { Kysely } from 'kysely';
import { BatchLoader } from '../../db/batch-loader.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthenticatedUser, SessionResolver } from '../../http/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import { lockUserRow } from './accounts.repository.ts';
import {
  findLiveSessionsByTokenHashes,
  findSessionsForRecheck,
  insertSession,
  revokeSession,
  revokeUserSessions,
  type SessionLookupRow,
  touchSession,
  waitForUserRowWriters,
} from './session.repository.ts';
import { generateSessionToken, hashSessionToken } from './session-token.ts';

/** A session that has not been used for 30 days is dead. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 24 * 60 * 60_000;
/** last_used_at is written at most once a minute per session, not on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
/** The most tokens one lookup query asks for; more concurrent requests are split over several queries. */
export const SESSION_LOOKUP_BATCH_LIMIT = 500;

/**
 * Whose access may have ended: every session of a user (a password reset, a suspension, early access taken
 * away, later a self-exclusion) or one session (a logout, an operator ending it).
 */
export type AccessChangeNotice = { readonly userId: number } | { readonly sessionId: number };

/** A session and its user, as an open socket knows them. */
export interface SessionOfUser {
  readonly sessionId: number;
  readonly userId: number;
}

/** Whether a session row is still usable now: not revoked and not idle for SESSION_IDLE_TIMEOUT_MS. */
export function isSessionLive(
  session: { readonly revoked_at: number | null; readonly last_used_at: number },
  now: number,
): boolean {
  return session.revoked_at === null && now - session.last_used_at < SESSION_IDLE_TIMEOUT_MS;
}

/**
 * Login sessions behind opaque tokens. Every lookup reads the database, so a logout or a password reset
 * takes effect at once on every instance. The lookups of the requests that arrive together (read in one
 * turn of the event loop) share one query: under load every request still sees the database as it is,
 * at the cost of one round trip for all of them instead of one each.
 */
export class SessionService implements SessionResolver {
  private readonly lookups: BatchLoader<string, SessionLookupRow>;
  private readonly accessChangeListeners: Array<(notice: AccessChangeNotice) => void> = [];

  /**
   * `dialect` names the database behind `db`: on PostgreSQL, re-checking a session waits for the
   * transactions that are writing its user's row (see recheckSessions), which takes a PostgreSQL-only lock.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly dialect: DialectName = 'sqlite',
  ) {
    this.lookups = new BatchLoader(
      (tokenHashes) => findLiveSessionsByTokenHashes(this.db, tokenHashes),
      (row) => row.token_hash,
      SESSION_LOOKUP_BATCH_LIMIT,
    );
  }

  /** Opens a session and answers its raw token (which is stored only as a hash). */
  async create(
    session: { userId: number; deviceId: string | null; ip: string | null },
    db: Kysely<Database> = this.db,
  ): Promise<string> {
    const token = generateSessionToken();
    await insertSession(db, {
      token_hash: hashSessionToken(token),
      user_id: session.userId,
      device_id: session.deviceId,
      ip: session.ip,
      now: this.clock.now(),
    });
    return token;
  }

  /** The user of a live token; null for an unknown, revoked or idle-expired one. */
  async resolve(token: string): Promise<AuthenticatedUser | null> {
    const row = await this.lookups.load(hashSessionToken(token));
    return row ? this.accept(row) : null;
  }

  /**
   * The rules every lookup of an unrevoked session goes through, for a row read now (here, or together with
   * what a route needs in the same statement): null once idle too long; last_used_at moved at most once a
   * minute.
   */
  async accept(row: SessionLookupRow): Promise<AuthenticatedUser | null> {
    const now = this.clock.now();
    if (now - row.last_used_at >= SESSION_IDLE_TIMEOUT_MS) return null;
    if (now - row.last_used_at >= SESSION_TOUCH_INTERVAL_MS) {
      await touchSession(this.db, row.id, now, now - SESSION_TOUCH_INTERVAL_MS);
    }
    return {
      userId: Number(row.user_id),
      sessionId: Number(row.id),
      access: { early: row.is_early === 1, transfer: row.is_transfer_enable === 1 },
    };
  }

  /**
   * The users of these sessions as they are now, for sockets opened with them: a session is absent from the
   * answer once it is revoked, idle too long, of a suspended account or of another user. It first waits for
   * every transaction that is writing one of the users' rows (PostgreSQL), so an access change announced
   * inside such a transaction is seen once it commits, never before. last_used_at is not moved: a re-check
   * is not the user's activity.
   */
  async recheckSessions(sessions: readonly SessionOfUser[]): Promise<Map<number, AuthenticatedUser>> {
    const live = new Map<number, AuthenticatedUser>();
    for (let start = 0; start < sessions.length; start += SESSION_LOOKUP_BATCH_LIMIT) {
      const chunk = sessions.slice(start, start + SESSION_LOOKUP_BATCH_LIMIT);
      const userOfSession = new Map(chunk.map((session) => [session.sessionId, session.userId]));
      await waitForUserRowWriters(
        this.db,
        this.dialect,
        [...new Set(userOfSession.values())].sort((a, b) => a - b),
      );
      const rows = await findSessionsForRecheck(this.db, [...userOfSession.keys()]);
      const now = this.clock.now();
      for (const row of rows) {
        const sessionId = Number(row.id);
        const userId = Number(row.user_id);
        if (userOfSession.get(sessionId) !== userId || row.suspended_at !== null) continue;
        if (!isSessionLive(row, now)) continue;
        live.set(sessionId, {
          userId,
          sessionId,
          access: { early: row.is_early === 1, transfer: row.is_transfer_enable === 1 },
        });
      }
    }
    return live;
  }

  /**
   * Calls the listener with each access change (the live sockets re-check the sockets of that user or
   * session on every instance, and close the ones whose session ended or whose game no longer lets the user
   * in).
   */
  addAccessChangeListener(listener: (notice: AccessChangeNotice) => void): void {
    this.accessChangeListeners.push(listener);
  }

  /**
   * Announces that the access of a user (or of one session) may have ended, so that every instance re-checks
   * its sockets at once. Call it after the change has committed; inside a transaction only once that
   * transaction holds the user's row (updated or locked FOR NO KEY UPDATE): the re-check waits for it.
   */
  accessChanged(notice: AccessChangeNotice): void {
    for (const listener of this.accessChangeListeners) listener(notice);
  }

  /** Revokes one session at once (logout, an operator ending it); its sockets close on every instance. */
  async revoke(sessionId: number): Promise<boolean> {
    const revoked = await revokeSession(this.db, sessionId, this.clock.now());
    this.accessChanged({ sessionId });
    return revoked;
  }

  /**
   * Revokes every session of a user (password reset, suspension); answers how many were live. Inside a
   * caller's transaction the user's row is locked first, so the sockets' re-check, announced before the
   * commit, waits for the commit and sees the sessions revoked.
   */
  async revokeAllForUser(userId: number, db: Kysely<Database> = this.db): Promise<number> {
    if (db.isTransaction) await lockUserRow(db, this.dialect, userId);
    const revoked = await revokeUserSessions(db, userId, this.clock.now());
    this.accessChanged({ userId });
    return revoked;
  }
}
