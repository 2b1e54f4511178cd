import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { actingOperator } from '../operators/operator-context.ts';
import {
  countSecurityEvent,
  insertAuditEntry,
  listAuditEntries,
  listSecurityEventCounts,
} from './audit-log.repository.ts';

/** Repeated security events are counted per source in windows of this length. */
export const SECURITY_EVENT_WINDOW_MS = 60_000;
/** The source of an event whose client address is not known. */
export const UNKNOWN_SOURCE = 'unknown';

/** The security events the accounts module records. Other modules add their own event names. */
export const AccountAuditEvent = {
  register: 'register',
  loginSucceeded: 'login_succeeded',
  loginFailed: 'login_failed',
  loginVerificationRequired: 'login_verification_required',
  loginRateLimited: 'login_rate_limited',
  otpSent: 'otp_sent',
  otpSendFailed: 'otp_send_failed',
  otpRateLimited: 'otp_rate_limited',
  otpVerifyFailed: 'otp_verify_failed',
  passwordReset: 'password_reset',
  logout: 'logout',
  nickNameChanged: 'nick_name_changed',
} as const;

export interface AuditContext {
  userId?: number | null;
  mobile?: string | null;
  ip?: string | null;
  /** Facts worth keeping; never a password, token or one-time code. */
  detail?: Record<string, unknown>;
  /** The operator account that acted; by default the operator whose /admin/api route is running. */
  operatorId?: number | null;
}

/** How often one event came from one source in one minute. */
export interface SecurityEventCount {
  event: string;
  source: string;
  minuteStart: number;
  hits: number;
  firstAt: number;
  lastAt: number;
}

export interface AuditRecord {
  id: number;
  event: string;
  userId: number | null;
  mobile: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
  createdAt: number;
}

/** The append-only audit log of security and money events (DESIGN.md "Auth and security"). */
export class AuditLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Appends one event, inside the caller's transaction when one is given. */
  async record(event: string, context: AuditContext, db: Kysely<Database> = this.db): Promise<void> {
    await insertAuditEntry(db, {
      event,
      user_id: context.userId ?? null,
      mobile: context.mobile ?? null,
      ip: context.ip ?? null,
      detail_json: JSON.stringify(context.detail ?? {}),
      created_at: this.clock.now(),
      operator_id: context.operatorId ?? actingOperator()?.operatorId ?? null,
    });
  }

  /**
   * Records an event that anyone can cause without an account, as often as they like (a refused operator
   * call, a failed or rate-limited login, a refused one-time code). It is counted per event, source address
   * and minute; only the first of each minute is appended to the audit log (with `repeats_counted` in its
   * detail, pointing at the counts), so a flood grows the log by one row per source and minute at most.
   */
  async recordRepeatable(event: string, context: AuditContext): Promise<void> {
    const now = this.clock.now();
    const hits = await countSecurityEvent(
      this.db,
      {
        event,
        source: context.ip ?? UNKNOWN_SOURCE,
        minuteStart: now - (now % SECURITY_EVENT_WINDOW_MS),
      },
      now,
    );
    if (hits > 1) return;
    await this.record(event, { ...context, detail: { ...context.detail, repeats_counted: true } });
  }

  /** The aggregated counts of repeated events, newest minute first. */
  async repeatedEventCounts(
    filter: { event?: string; source?: string; limit?: number } = {},
  ): Promise<SecurityEventCount[]> {
    const rows = await listSecurityEventCounts(this.db, { ...filter, limit: filter.limit ?? 100 });
    return rows.map((row) => ({
      event: row.event,
      source: row.source,
      minuteStart: Number(row.minute_start),
      hits: Number(row.hits),
      firstAt: Number(row.first_at),
      lastAt: Number(row.last_at),
    }));
  }

  /** The newest events first. */
  async recent(filter: { event?: string; userId?: number; limit?: number } = {}): Promise<AuditRecord[]> {
    const rows = await listAuditEntries(this.db, { ...filter, limit: filter.limit ?? 100 });
    return rows.map((row) => ({
      id: row.id,
      event: row.event,
      userId: row.user_id,
      mobile: row.mobile,
      ip: row.ip,
      detail: JSON.parse(row.detail_json) as Record<string, unknown>,
      createdAt: row.created_at,
    }));
  }
}
