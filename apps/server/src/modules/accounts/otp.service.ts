import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { AccountMessage, OTP_LENGTH, ResponseCode, type VerifyType } from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { OtpCodeRow } from './accounts.tables.ts';
import { AccountAuditEvent, type AuditLog } from './audit-log.service.ts';
import {
  claimSendSlot,
  consumeOtpCode,
  findLastSentAt,
  findLatestOtpCode,
  findOtpCodeById,
  insertOtpCode,
  releaseSendSlot,
  reserveOtpAttempt,
} from './otp.repository.ts';
import type { RateLimitClaim, RateLimiter } from './rate-limiter.ts';
import type { SmsAdapter, SmsLogger } from './sms/sms.adapter.ts';

/** A code is valid for 10 minutes after it is sent. */
export const OTP_VALIDITY_MS = 10 * 60_000;
/** The fifth wrong try kills a code. */
export const OTP_MAX_ATTEMPTS = 5;
/** A new code for the same number and purpose is refused within 60 s of the last one (spec 01 §9). */
export const OTP_RESEND_WAIT_MS = 60_000;
/**
 * The window of the hourly caps per number, device and IP address (operator settings `otp.hourly_cap_per_*`):
 * a clock hour, counted in the shared rate buckets.
 */
export const OTP_CAP_WINDOW_MS = 60 * 60_000;

/** Which hourly cap refused a code. */
export type OtpCap = 'mobile' | 'device' | 'ip';

/** What a code is for: a verify_type of the spec, or `login` for the unknown-device code of the login. */
export type OtpPurpose = VerifyType | 'login';

export interface OtpSendRequest {
  mobile: string;
  purpose: OtpPurpose;
  ip: string | null;
  userId?: number | null;
  /** The device asking (login's device_id, or the one the app sends with the code request), if known. */
  deviceId?: string | null;
}

export interface OtpCheckRequest extends OtpSendRequest {
  code: string;
}

/** The text of every code message. */
export function otpMessageText(code: string): string {
  return `Your verification code is ${code}. It is valid for ${OTP_VALIDITY_MS / 60_000} minutes. Do not share it with anyone.`;
}

/** SHA-256 of purpose, number and code: a code is only ever valid for what and whom it was sent. */
export function hashOtpCode(purpose: string, mobile: string, code: string): string {
  return createHash('sha256').update(`${purpose}:${mobile}:${code}`, 'utf8').digest('hex');
}

function generateOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** Why a code can no longer be tried, or undefined while it can. */
function unusableReason(row: OtpCodeRow, now: number): string | undefined {
  if (row.consumed_at !== null) return 'already_used';
  if (row.expires_at <= now) return 'expired';
  if (row.attempts >= OTP_MAX_ATTEMPTS) return 'too_many_tries';
  return undefined;
}

function sameHash(storedHex: string, candidateHex: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const candidate = Buffer.from(candidateHex, 'hex');
  return stored.length === candidate.length && timingSafeEqual(stored, candidate);
}

/** One-time codes: sending with the resend wait and hourly caps, and single-use checking with limited tries. */
export class OtpService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly sms: SmsAdapter,
    private readonly audit: AuditLog,
    private readonly logger: SmsLogger,
    private readonly settings: SettingsService,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /**
   * Sends a new code. Refused with 429 within the resend wait (unless `ifRecent` is 'keep', which leaves the
   * code sent moments ago in place and answers 'kept') or beyond an hourly cap; a provider failure answers 503
   * and leaves no code and no wait behind, so the user can try again at once.
   */
  async send(
    request: OtpSendRequest,
    options: { ifRecent?: 'refuse' | 'keep' } = {},
  ): Promise<'sent' | 'kept'> {
    const { mobile, purpose, ip } = request;
    const now = this.clock.now();
    if (!(await claimSendSlot(this.db, mobile, purpose, now, OTP_RESEND_WAIT_MS))) {
      if (options.ifRecent === 'keep') return 'kept';
      const lastSentAt = (await findLastSentAt(this.db, mobile, purpose)) ?? now;
      const waitMs = Math.max(0, lastSentAt + OTP_RESEND_WAIT_MS - now);
      throw new AppError(ResponseCode.tooManyRequests, AccountMessage.otpResendTooSoon, {
        retry_after_seconds: Math.ceil(waitMs / 1000),
      });
    }
    let counted: readonly string[] = [];
    try {
      counted = await this.takeHourlyCaps(request);
      const code = generateOtpCode();
      try {
        await this.sms.send({ mobile, text: otpMessageText(code), otp: code });
      } catch (error) {
        this.logger.warn({ err: error, mobile, purpose }, 'one-time code not delivered');
        await this.audit.record(AccountAuditEvent.otpSendFailed, {
          userId: request.userId,
          mobile,
          ip,
          detail: {
            purpose,
            provider: this.sms.name,
            reason: error instanceof Error ? error.message : 'unknown',
          },
        });
        throw new AppError(ResponseCode.unavailable, AccountMessage.smsFailed);
      }
      await insertOtpCode(this.db, {
        mobile,
        purpose,
        code_hash: hashOtpCode(purpose, mobile, code),
        ip,
        expires_at: now + OTP_VALIDITY_MS,
        created_at: now,
      });
    } catch (error) {
      // A code that was not delivered does not count against the caps, and leaves no resend wait behind.
      await this.rateLimiter.giveBack(counted);
      await releaseSendSlot(this.db, mobile, purpose, now);
      throw error;
    }
    await this.audit.record(AccountAuditEvent.otpSent, {
      userId: request.userId,
      mobile,
      ip,
      detail: { purpose, provider: this.sms.name },
    });
    return 'sent';
  }

  /**
   * Checks a code and uses it up. Each check first reserves one of the code's tries atomically and compares
   * only when it got one, so however many guesses arrive at once, at most OTP_MAX_ATTEMPTS are ever compared
   * (DESIGN.md "Auth and security"). A wrong code answers how many tries are left (the fifth kills the code);
   * a missing, used, expired or dead code answers 400 as well. Only the newest code of the number and
   * purpose counts.
   */
  async consume(request: OtpCheckRequest): Promise<void> {
    const { mobile, purpose, ip } = request;
    const now = this.clock.now();
    const fail = async (reason: string, extra: Record<string, unknown> = {}) => {
      await this.audit.recordRepeatable(AccountAuditEvent.otpVerifyFailed, {
        userId: request.userId,
        mobile,
        ip,
        detail: { purpose, reason, ...extra },
      });
    };
    const row = await findLatestOtpCode(this.db, mobile, purpose);
    const unusable = row ? unusableReason(row, now) : 'none_sent';
    if (!row || unusable) {
      await fail(unusable ?? 'none_sent');
      throw new AppError(ResponseCode.badRequest, AccountMessage.otpInvalid);
    }
    const attempts = await reserveOtpAttempt(this.db, row.id, now, OTP_MAX_ATTEMPTS);
    if (attempts === undefined) {
      // Parallel tries took the last ones (or used the code) between the read and the reservation.
      const current = await findOtpCodeById(this.db, row.id);
      await fail((current && unusableReason(current, now)) ?? 'too_many_tries');
      throw new AppError(ResponseCode.badRequest, AccountMessage.otpInvalid);
    }
    if (!sameHash(row.code_hash, hashOtpCode(purpose, mobile, request.code))) {
      await fail('incorrect', { attempts });
      throw new AppError(ResponseCode.badRequest, AccountMessage.otpIncorrect, {
        attempts_left: Math.max(0, OTP_MAX_ATTEMPTS - attempts),
      });
    }
    if (!(await consumeOtpCode(this.db, row.id, now))) {
      // Another request used the same code a moment ago.
      await fail('already_used');
      throw new AppError(ResponseCode.badRequest, AccountMessage.otpInvalid);
    }
  }

  /**
   * Counts this code against the hourly caps of its number, device and IP address, all or none and
   * atomically (parallel requests can never together pass a cap); a full cap answers 429. Answers what it
   * counted, to give back if the code is then not delivered.
   */
  private async takeHourlyCaps(request: OtpSendRequest): Promise<readonly string[]> {
    const caps = await this.settings.getMany([
      'otp.hourly_cap_per_mobile',
      'otp.hourly_cap_per_device',
      'otp.hourly_cap_per_ip',
    ]);
    const claims: Array<RateLimitClaim & { cap: OtpCap }> = [
      {
        cap: 'mobile',
        key: `otp:mobile:${request.mobile}`,
        limit: caps['otp.hourly_cap_per_mobile'],
        windowMs: OTP_CAP_WINDOW_MS,
      },
    ];
    if (request.deviceId) {
      claims.push({
        cap: 'device',
        key: `otp:device:${request.deviceId}`,
        limit: caps['otp.hourly_cap_per_device'],
        windowMs: OTP_CAP_WINDOW_MS,
      });
    }
    if (request.ip) {
      claims.push({
        cap: 'ip',
        key: `otp:ip:${request.ip}`,
        limit: caps['otp.hourly_cap_per_ip'],
        windowMs: OTP_CAP_WINDOW_MS,
      });
    }
    const taken = await this.rateLimiter.takeAll(claims);
    if (taken.allowed) return taken.taken;
    const refused = claims.find((claim) => claim.key === taken.refused.key);
    await this.audit.recordRepeatable(AccountAuditEvent.otpRateLimited, {
      userId: request.userId,
      mobile: request.mobile,
      ip: request.ip,
      detail: { purpose: request.purpose, cap: refused?.cap ?? 'unknown', limit: taken.refused.limit },
    });
    throw new AppError(ResponseCode.tooManyRequests, AccountMessage.otpHourlyLimit, {
      retry_after_seconds: Math.ceil(taken.retryAfterMs / 1000),
    });
  }
}
