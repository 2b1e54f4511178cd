import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  decrementBucket,
  deleteExpiredBuckets,
  incrementBucket,
  incrementBucketBelow,
  readBucketHits,
} from './rate-limit.repository.ts';

export interface RateLimitDecision {
  /** Whether this hit is within the limit. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends (when a refused caller may try again). */
  retryAfterMs: number;
}

/** One counter of a combined limit: at most `limit` hits per `windowMs` on `key`. */
export interface RateLimitClaim {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * What `takeAll` decided: every counter took its hit (`taken` names the window buckets, for giveBack), or the
 * first full one (in the claims' order) refused.
 */
export type RateLimitTake =
  | { allowed: true; taken: readonly string[] }
  | { allowed: false; refused: RateLimitClaim; retryAfterMs: number };

/**
 * Counts hits per key in fixed time windows. The interface is small on purpose so that a Redis counter
 * (INCR with PEXPIRE) can replace the database one when REDIS_URL is set; both are shared by every instance.
 */
export interface RateLimiter {
  /** Counts one hit against `key` and says whether it is within `limit` hits per `windowMs`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>;
  /**
   * Counts one hit against every claim, all or nothing: only when each is below its limit, atomically, so
   * parallel callers can never together go past a limit (DESIGN.md: limits are never count-then-insert).
   */
  takeAll(claims: readonly RateLimitClaim[]): Promise<RateLimitTake>;
  /** Gives back the hits of a successful takeAll whose action then did not happen (a failed SMS). */
  giveBack(taken: readonly string[]): Promise<void>;
}

/** Thrown inside takeAll's transaction to roll back the hits already taken when a later counter is full. */
class BucketFull extends Error {
  constructor(readonly claim: RateLimitClaim) {
    super(`rate bucket ${claim.key} is full`);
  }
}

/** A rate limiter whose counters are rows of `rate_limit_buckets`, incremented atomically by an upsert. */
export class DatabaseRateLimiter implements RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Counts one hit; the counter update is one atomic statement on both dialects. */
  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const now = this.clock.now();
    const windowStart = now - (now % windowMs);
    const expiresAt = windowStart + windowMs;
    const hits = await incrementBucket(this.db, `${key}|${windowStart}`, expiresAt);
    // A new bucket means a window just started somewhere: a good moment to drop the ended ones.
    if (hits === 1) await deleteExpiredBuckets(this.db, now);
    return { allowed: hits <= limit, hits, retryAfterMs: expiresAt - now };
  }

  /**
   * One transaction of conditional upserts in ascending bucket order (so two takers never wait on each
   * other's buckets in opposite orders); a full bucket rolls back the hits taken before it.
   */
  async takeAll(claims: readonly RateLimitClaim[]): Promise<RateLimitTake> {
    const now = this.clock.now();
    const windowed = claims.map((claim) => {
      const windowStart = now - (now % claim.windowMs);
      return { claim, bucketKey: `${claim.key}|${windowStart}`, expiresAt: windowStart + claim.windowMs };
    });
    const inLockOrder = [...windowed].sort((a, b) => (a.bucketKey < b.bucketKey ? -1 : 1));
    try {
      const created = await this.db.transaction().execute(async (trx) => {
        let anyNew = false;
        for (const entry of inLockOrder) {
          const hits = await incrementBucketBelow(trx, entry.bucketKey, entry.expiresAt, entry.claim.limit);
          if (hits === undefined) throw new BucketFull(entry.claim);
          anyNew ||= hits === 1;
        }
        return anyNew;
      });
      if (created) await deleteExpiredBuckets(this.db, now);
      return { allowed: true, taken: windowed.map((entry) => entry.bucketKey) };
    } catch (error) {
      if (!(error instanceof BucketFull)) throw error;
      // Report the first full counter in the caller's order (its most specific one), not the lock order.
      const full = await Promise.all(
        windowed.map(async (entry) => (await this.isFull(entry.bucketKey, entry.claim.limit)) && entry),
      );
      const refused =
        full.find((entry) => entry !== false) || windowed.find((entry) => entry.claim === error.claim);
      if (!refused) throw error;
      return { allowed: false, refused: refused.claim, retryAfterMs: refused.expiresAt - now };
    }
  }

  /** Takes one hit back from each bucket a takeAll counted in (the window it was counted in, even if it ended). */
  async giveBack(taken: readonly string[]): Promise<void> {
    for (const bucketKey of taken) await decrementBucket(this.db, bucketKey);
  }

  private async isFull(bucketKey: string, limit: number): Promise<boolean> {
    return limit < 1 || (await readBucketHits(this.db, bucketKey)) >= limit;
  }
}
