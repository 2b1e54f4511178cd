import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { deleteExpiredBuckets, incrementBucket } from './rate-limit.repository.ts';

export interface RateLimitDecision {
  /** Whether this hit is within the limit. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends (when a refused caller may try again). */
  retryAfterMs: number;
}

/**
 * Counts hits per key in fixed time windows. The interface is small on purpose so that a Redis counter
 * (INCR with PEXPIRE) can replace the database one when REDIS_URL is set; both are shared by every instance.
 */
export interface RateLimiter {
  /** Counts one hit against `key` and says whether it is within `limit` hits per `windowMs`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>;
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
}
