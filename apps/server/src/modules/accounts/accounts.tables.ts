import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A column the database fills with a default on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Tables of migration 0002 (accounts, sessions, one-time codes, audit, rate limits). */
export interface AccountsTables {
  users: UsersTable;
  sessions: SessionsTable;
  trusted_devices: TrustedDevicesTable;
  otp_codes: OtpCodesTable;
  otp_send_slots: OtpSendSlotsTable;
  sms_outbox: SmsOutboxTable;
  audit_log: AuditLogTable;
  rate_limit_buckets: RateLimitBucketsTable;
  security_event_counts: SecurityEventCountsTable;
  login_throttles: LoginThrottlesTable;
}

/** One account. There is no balance column: the balance is the ledger's. Flags are 0/1 integers. */
export interface UsersTable {
  id: Generated<number>;
  /** E.164 with the market prefix, unique. */
  mobile: string;
  password_hash: string;
  nick_name: string;
  /** The user's own referral code, unique, upper-case. */
  r_code: string;
  /** Who referred this user (level 1) and who referred the referrer (level 2). */
  referrer_level1_id: number | null;
  referrer_level2_id: number | null;
  is_early: Defaulted<number>;
  is_transfer_enable: Defaulted<number>;
  event_gift_enable: Defaulted<number>;
  created_at: number;
  updated_at: number;
  /** Set while an operator has suspended the account (migration 0050): no login, no API. */
  suspended_at: ColumnType<number | null, number | null | undefined, number | null>;
  suspended_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A login session; the raw token is never stored, only its SHA-256 in hex. */
export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  device_id: string | null;
  ip: string | null;
  created_at: number;
  last_used_at: number;
  revoked_at: number | null;
}

/** A device that proved possession of the account's number with a one-time code. */
export interface TrustedDevicesTable {
  id: Generated<number>;
  user_id: number;
  device_id: string;
  created_at: number;
  last_used_at: number;
}

/**
 * One sent one-time code. Only the newest code of a (mobile, purpose) pair can be used; the rows also
 * count the codes sent per number and per IP for the hourly caps.
 */
export interface OtpCodesTable {
  id: Generated<number>;
  mobile: string;
  /** A verify_type of the spec, or `login` for the unknown-device code. */
  purpose: string;
  /** SHA-256 hex of purpose, mobile and code. */
  code_hash: string;
  ip: string | null;
  attempts: Defaulted<number>;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/** When a code was last sent to a (mobile, purpose) pair: claimed atomically to enforce the resend wait. */
export interface OtpSendSlotsTable {
  mobile: string;
  purpose: string;
  last_sent_at: number;
}

/** The console SMS sink's last message per number, read by GET /dev/sms/last. */
export interface SmsOutboxTable {
  mobile: string;
  text: string;
  otp: string;
  created_at: number;
}

/** Append-only log of security events; rows are never updated or deleted. */
export interface AuditLogTable {
  id: Generated<number>;
  event: string;
  user_id: number | null;
  mobile: string | null;
  ip: string | null;
  detail_json: string;
  created_at: number;
  /** The operator account that acted (migration 0050); null for players, the system and ADMIN_TOKEN. */
  operator_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** How often one security event came from one source in one minute (anonymous floods, aggregated). */
export interface SecurityEventCountsTable {
  event: string;
  /** The client address, or 'unknown'. */
  source: string;
  minute_start: number;
  hits: number;
  first_at: number;
  last_at: number;
}

/** The recent failed logins of one source, account or trusted device, and how long its next try waits. */
export interface LoginThrottlesTable {
  throttle_key: string;
  failures: number;
  blocked_until: number;
  updated_at: number;
}

/** A fixed-window counter of the database rate limiter. */
export interface RateLimitBucketsTable {
  bucket_key: string;
  hits: number;
  expires_at: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OtpCodeRow = Selectable<OtpCodesTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type SecurityEventCountRow = Selectable<SecurityEventCountsTable>;
