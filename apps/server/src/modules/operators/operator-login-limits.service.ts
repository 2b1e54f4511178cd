import { OperatorMessage, ResponseCode } from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { DelayLadder } from '../accounts/login-throttle.repository.ts';
import {
  type LoginClaim,
  type LoginThrottle,
  LoginThrottleService,
} from '../accounts/login-throttle.service.ts';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import type { KnownOperatorDevice } from './operator-login-devices.service.ts';

/**
 * The waits of one username tried from one address: five tries for typos, then 1 s, 2 s, 4 s … doubling up
 * to 15 minutes, as a player's number has. A stranger guessing from elsewhere never slows this pair.
 */
export const OPERATOR_LOGIN_PAIR_DELAYS: DelayLadder = { free: 5, baseMs: 1_000, maxMs: 15 * 60_000 };
/**
 * The waits of one username tried from every address without a known device together: generous (the pair's
 * ladder is the everyday limit), so only a guesser spread over many addresses reaches it, and it slows only
 * logins from new devices: the operator's own devices are never counted here.
 */
export const OPERATOR_LOGIN_USERNAME_DELAYS: DelayLadder = { free: 30, baseMs: 1_000, maxMs: 15 * 60_000 };
/** The waits of a known device: its own failures only (someone else at the operator's unlocked desk). */
export const OPERATOR_LOGIN_DEVICE_DELAYS: DelayLadder = { free: 5, baseMs: 1_000, maxMs: 15 * 60_000 };
/** Attempts without a known device are also counted per address in windows of 15 minutes … */
export const OPERATOR_LOGIN_WINDOW_MS = 15 * 60_000;
/** … at most 50 per address and window, whatever the usernames (an office shares one address). */
export const OPERATOR_LOGIN_ATTEMPTS_PER_IP = 50;

/** The audit event of a refused (rate-limited) operator login. */
export const OPERATOR_LOGIN_RATE_LIMITED_EVENT = 'operator_login_rate_limited';

/** A login attempt that may go on to the password check; report its success with `succeeded`. */
export type OperatorLoginClaim = Extract<LoginClaim, { allowed: true }>;

/** Who tries to log in: the username, the address, and the operator's device if the console presented one. */
export interface OperatorLoginAttempt {
  username: string;
  ip: string | null;
  device: KnownOperatorDevice | undefined;
}

/**
 * The throttles of an operator login attempt. From a known device: that device's own ladder only. From
 * anywhere else: the (username, address) pair's ladder and the username's generous one, so that strangers'
 * wrong passwords slow strangers, and at worst the operator's logins from new devices.
 */
export function operatorLoginThrottles(attempt: OperatorLoginAttempt): LoginThrottle[] {
  if (attempt.device !== undefined) {
    return [
      {
        key: `operator-device:${attempt.device.id}`,
        ladder: OPERATOR_LOGIN_DEVICE_DELAYS,
        onSuccess: 'clear',
        by: 'device',
      },
    ];
  }
  return [
    {
      key: `operator-pair:${attempt.username}@${attempt.ip ?? 'unknown'}`,
      ladder: OPERATOR_LOGIN_PAIR_DELAYS,
      onSuccess: 'clear',
      by: 'username_and_ip',
    },
    {
      // A success only refunds its own attempt: the operator logging in does not wipe a guesser's count.
      key: `operator-username:${attempt.username}`,
      ladder: OPERATOR_LOGIN_USERNAME_DELAYS,
      onSuccess: 'refund',
      by: 'username',
    },
  ];
}

/**
 * The limits of the console's login (DESIGN.md "Auth and security"): growing delays per (username, address)
 * as players have, a bound per address, and a login from a known device of the operator counted only against
 * that device. Every attempt is claimed atomically before the password is checked, so parallel guesses
 * cannot slip past a wait.
 */
export class OperatorLoginLimits {
  private readonly throttles: LoginThrottleService;

  constructor(
    db: Kysely<Database>,
    clock: Clock,
    private readonly rateLimiter: RateLimiter,
    private readonly audit: AuditLog,
  ) {
    this.throttles = new LoginThrottleService(db, clock);
  }

  /** Claims the attempt, or answers 429 with `retry_after_seconds` when one of its limits must still wait. */
  async claim(attempt: OperatorLoginAttempt): Promise<OperatorLoginClaim> {
    if (attempt.device === undefined && attempt.ip) {
      const byIp = await this.rateLimiter.hit(
        `operator-login:ip:${attempt.ip}`,
        OPERATOR_LOGIN_ATTEMPTS_PER_IP,
        OPERATOR_LOGIN_WINDOW_MS,
      );
      if (!byIp.allowed) await this.refuse(attempt, 'ip', byIp.retryAfterMs);
    }
    const claim = await this.throttles.claimAll(operatorLoginThrottles(attempt));
    if (!claim.allowed) return this.refuse(attempt, claim.by, claim.retryAfterMs);
    return claim;
  }

  /** The attempt proved the password (and code): its own counters are forgotten, shared ones refunded. */
  succeeded(claim: OperatorLoginClaim): Promise<void> {
    return this.throttles.succeeded(claim);
  }

  private async refuse(attempt: OperatorLoginAttempt, by: string, retryAfterMs: number): Promise<never> {
    await this.audit.recordRepeatable(OPERATOR_LOGIN_RATE_LIMITED_EVENT, {
      ip: attempt.ip,
      detail: { username: attempt.username, by, retry_after_ms: retryAfterMs },
    });
    throw new AppError(ResponseCode.tooManyRequests, OperatorMessage.loginRateLimited, {
      retry_after_seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
    });
  }
}
