import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthenticatedUser, SessionResolver } from '../../http/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SessionRow } from './accounts.tables.ts';
import {
  findLiveSessionsByTokenHashes,
  insertSession,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from './session.repository.ts';
import { generateSessionToken, hashSessionToken } from './session-token.ts';

/** A session that has not been used for 30 days is dead. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 24 * 60 * 60_000;
/** last_used_at is written at most once a minute per session, not on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
/** The most tokens one lookup query asks for; more concurrent requests are split over several queries. */
export const SESSION_LOOKUP_BATCH_LIMIT = 500;

/** A revoked session, or every session of a user. */
export interface SessionRevocationNotice {
  readonly userId?: number;
  readonly sessionId?: number;
}

interface PendingLookup {
  resolve: (row: SessionRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Login sessions behind opaque tokens. Every lookup reads the database, so a logout or a password reset
 * takes effect at once on every instance. The lookups of the requests that arrive together (read in one
 * turn of the event loop) share one query: under load every request still sees the database as it is,
 * at the cost of one round trip for all of them instead of one each.
 */
export class SessionService implements SessionResolver {
  private readonly pendingLookups = new Map<string, PendingLookup[]>();
  private lookupScheduled = false;
  private readonly revocationListeners: Array<(revocation: SessionRevocationNotice) => void> = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

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
    const row = await this.findLive(hashSessionToken(token));
    if (!row) return null;
    const now = this.clock.now();
    if (now - row.last_used_at >= SESSION_IDLE_TIMEOUT_MS) return null;
    if (now - row.last_used_at >= SESSION_TOUCH_INTERVAL_MS) {
      await touchSession(this.db, row.id, now, now - SESSION_TOUCH_INTERVAL_MS);
    }
    return { userId: Number(row.user_id), sessionId: Number(row.id) };
  }

  /** The live session of a token hash, looked up together with the other requests of this loop turn. */
  private findLive(tokenHash: string): Promise<SessionRow | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = this.pendingLookups.get(tokenHash);
      if (waiting) waiting.push({ resolve, reject });
      else this.pendingLookups.set(tokenHash, [{ resolve, reject }]);
      if (!this.lookupScheduled) {
        this.lookupScheduled = true;
        // After the poll phase, so every request read in this turn has asked before the query is sent.
        setImmediate(() => this.flushLookups());
      }
    });
  }

  private flushLookups(): void {
    this.lookupScheduled = false;
    while (this.pendingLookups.size > 0) {
      const batch = new Map<string, PendingLookup[]>();
      for (const [tokenHash, waiting] of this.pendingLookups) {
        if (batch.size === SESSION_LOOKUP_BATCH_LIMIT) break;
        batch.set(tokenHash, waiting);
      }
      for (const tokenHash of batch.keys()) this.pendingLookups.delete(tokenHash);
      void this.lookUpBatch(batch);
    }
  }

  /** One query for a batch of lookups; a failure (thrown or rejected) fails exactly that batch's requests. */
  private async lookUpBatch(batch: ReadonlyMap<string, PendingLookup[]>): Promise<void> {
    try {
      const rows = await findLiveSessionsByTokenHashes(this.db, [...batch.keys()]);
      const byHash = new Map(rows.map((row) => [row.token_hash, row]));
      for (const [tokenHash, waiting] of batch) {
        for (const lookup of waiting) lookup.resolve(byHash.get(tokenHash));
      }
    } catch (error) {
      for (const waiting of batch.values()) for (const lookup of waiting) lookup.reject(error);
    }
  }

  /**
   * Calls the listener after each revocation (the live sockets close the revoked sessions' sockets). A
   * revocation inside a caller's transaction is announced before that transaction commits.
   */
  addRevocationListener(listener: (revocation: SessionRevocationNotice) => void): void {
    this.revocationListeners.push(listener);
  }

  /** Revokes one session at once (logout). */
  async revoke(sessionId: number): Promise<boolean> {
    const revoked = await revokeSession(this.db, sessionId, this.clock.now());
    this.announceRevocation({ sessionId });
    return revoked;
  }

  /** Revokes every session of a user (password reset); answers how many were live. */
  async revokeAllForUser(userId: number, db: Kysely<Database> = this.db): Promise<number> {
    const revoked = await revokeUserSessions(db, userId, this.clock.now());
    this.announceRevocation({ userId });
    return revoked;
  }

  private announceRevocation(revocation: SessionRevocationNotice): void {
    for (const listener of this.revocationListeners) listener(revocation);
  }
}
