import type { OperatorRole } from '@app/shared';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A column the database fills with a default on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Tables of migration 0050 (operator accounts, their sessions, stored ledger checks). */
export interface OperatorsTables {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  ledger_check_runs: LedgerCheckRunsTable;
  operator_login_devices: OperatorLoginDevicesTable;
}

/** A person of the operator team; separate from players (their own passwords, TOTP and sessions). */
export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: OperatorRole;
  totp_secret: Defaulted<string | null>;
  totp_pending_secret: Defaulted<string | null>;
  totp_last_step: Defaulted<number>;
  enrolment_token_hash: Defaulted<string | null>;
  enrolment_expires_at: Defaulted<number | null>;
  disabled_at: Defaulted<number | null>;
  created_at: number;
  updated_at: number;
}

/** An operator's console session; the raw token is never stored, only its SHA-256 in hex. */
export interface OperatorSessionsTable {
  id: Generated<number>;
  token_hash: string;
  operator_id: number;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: Defaulted<number | null>;
}

/** One run of the ledger's invariant checks (from the CLI or the console), for the health panel. */
export interface LedgerCheckRunsTable {
  id: Generated<number>;
  source: string;
  ok: number;
  violation_count: number;
  drift_minor: number;
  report_json: string;
  started_at: number;
  finished_at: number;
}

/**
 * Migration 0063: a browser an operator logged in from (a "known device"), remembered by a long random token
 * the console keeps; only the token's SHA-256 in hex is stored. A login that presents it is counted only
 * against the device, so strangers' wrong passwords cannot keep the operator out.
 */
export interface OperatorLoginDevicesTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  user_agent: string | null;
  created_at: number;
  last_used_at: number;
  revoked_at: Defaulted<number | null>;
}

export type OperatorRow = Selectable<OperatorsTable>;
export type OperatorSessionRow = Selectable<OperatorSessionsTable>;
export type LedgerCheckRunRow = Selectable<LedgerCheckRunsTable>;
export type OperatorLoginDeviceRow = Selectable<OperatorLoginDevicesTable>;
