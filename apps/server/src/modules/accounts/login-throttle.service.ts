import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  claimLoginAttempt,
  clearLoginThrottle,
  type DelayLadder,
  findBlockedUntil,
  refundLoginAttempt,
} from './login-throttle.repository.ts';

/**
 * The waits of an account (its number) and of a device the account trusts: five tries for typos, then 1 s,
 * 2 s, 4 s … doubling up to 15 minutes. A password guesser gets about a hundred tries a day; the owner is
 * never locked out for good, and never at all on a device the account knows.
 */
export const LOGIN_ACCOUNT_DELAYS: DelayLadder = { free: 5, baseMs: 1_000, maxMs: 15 * 60_000 };
/**
 * The waits of a source address. Many people can share one (a carrier NAT, an office), and their successful
 * logins are refunded, so only wrong passwords add up: twenty free, then the same doubling.
 */
export const LOGIN_SOURCE_DELAYS: DelayLadder = { free: 20, baseMs: 1_000, maxMs: 15 * 60_000 };
/** Failures older than this are forgotten. */
export const LOGIN_FAILURE_MEMORY_MS = 24 * 60 * 60_000;

/** Who a login attempt is counted against. */
export type LoginThrottleScope =
  | { kind: 'untrusted'; mobile: string; ip: string | null }
  | { kind: 'trusted_device'; userId: number; deviceId: string };

/** One counter of failed logins with its ladder of waits (players' and operators' logins alike). */
export interface LoginThrottle {
  /** The row's key; each kind of throttle has its own prefix. */
  key: string;
  ladder: DelayLadder;
  /** Whether a success clears it (the account's own counters) or only refunds the attempt (a shared source). */
  onSuccess: 'clear' | 'refund';
  /** What it counts, as the audit row of a refused attempt names it ("ip", "mobile", "device" …). */
  by: string;
}

/** What claim decided. */
export type LoginClaim =
  | { allowed: true; throttles: readonly LoginThrottle[]; claimedAt: number }
  | { allowed: false; by: string; retryAfterMs: number };

/** Thrown inside claim's transaction to roll back the attempts already counted on the other throttles. */
class ThrottleWaiting extends Error {}

/**
 * Growing delays for failed logins (DESIGN.md "Auth and security"), per source address and per account; an
 * attempt from a device the account trusts is counted only against that device, so nobody else can slow
 * the owner down. Each attempt is claimed atomically before the password is checked (counted as a failure
 * in advance), so parallel guesses cannot slip past a wait; a success clears or refunds the claim.
 */
export class LoginThrottleService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Claims one attempt on every throttle of the scope, all or none. */
  claim(scope: LoginThrottleScope): Promise<LoginClaim> {
    return this.claimAll(throttlesOf(scope));
  }

  /** Claims one attempt on every one of the throttles, all or none (the operators' logins have their own). */
  async claimAll(throttles: readonly LoginThrottle[]): Promise<LoginClaim> {
    if (throttles.length === 0)
      throw new Error('invariant: a login attempt is counted on at least one throttle');
    const now = this.clock.now();
    const forgetBefore = now - LOGIN_FAILURE_MEMORY_MS;
    // Ascending key order, so two attempts never wait on each other's throttles in opposite orders.
    const inLockOrder = [...throttles].sort((a, b) => (a.key < b.key ? -1 : 1));
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const throttle of inLockOrder) {
          const failures = await claimLoginAttempt(trx, throttle.key, throttle.ladder, now, forgetBefore);
          if (failures === undefined) throw new ThrottleWaiting();
        }
      });
      return { allowed: true, throttles, claimedAt: now };
    } catch (error) {
      if (!(error instanceof ThrottleWaiting)) throw error;
    }
    const blockedUntil = await findBlockedUntil(
      this.db,
      throttles.map((throttle) => throttle.key),
    );
    let longest: { by: string; until: number } | undefined;
    for (const throttle of throttles) {
      const until = blockedUntil.get(throttle.key) ?? 0;
      if (until > now && (!longest || until > longest.until)) longest = { by: throttle.by, until };
    }
    // The wait ended between the claim and this read: the caller may simply try again at once.
    return {
      allowed: false,
      by: longest?.by ?? inLockOrder[0]?.by ?? 'unknown',
      retryAfterMs: Math.max(0, (longest?.until ?? now) - now),
    };
  }

  /** The attempt proved the password: the account's (or device's) failures are forgotten, a source's refunded. */
  async succeeded(claim: Extract<LoginClaim, { allowed: true }>): Promise<void> {
    for (const throttle of claim.throttles) {
      if (throttle.onSuccess === 'clear') await clearLoginThrottle(this.db, throttle.key);
      else await refundLoginAttempt(this.db, throttle.key, throttle.ladder, claim.claimedAt);
    }
  }
}

function throttlesOf(scope: LoginThrottleScope): LoginThrottle[] {
  if (scope.kind === 'trusted_device') {
    return [
      {
        key: `device:${scope.userId}:${scope.deviceId}`,
        ladder: LOGIN_ACCOUNT_DELAYS,
        onSuccess: 'clear',
        by: 'device',
      },
    ];
  }
  const throttles: LoginThrottle[] = [
    { key: `mobile:${scope.mobile}`, ladder: LOGIN_ACCOUNT_DELAYS, onSuccess: 'clear', by: 'mobile' },
  ];
  if (scope.ip) {
    throttles.push({ key: `ip:${scope.ip}`, ladder: LOGIN_SOURCE_DELAYS, onSuccess: 'refund', by: 'ip' });
  }
  return throttles;
}
