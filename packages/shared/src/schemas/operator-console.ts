import { z } from 'zod';
import { idFromQuery, type Page, paginationQuery } from './common.ts';
import { optionalText, requiredText } from './text-field.ts';

/**
 * The operator roles (issue 18). owner may do everything and manages operators; finance works recharges,
 * withdrawals, transfers and the ledger; support works players, tickets, orders and gift codes; content
 * edits the catalogue, banners, notices and games; auditor reads everything and changes nothing.
 */
export const OPERATOR_ROLES = ['owner', 'finance', 'support', 'content', 'auditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * What an /admin/api route needs, declared on the route itself: `public` (the login calls, before there is
 * a session), `signed_in` (any operator: their own profile and logout), or the roles that may call it.
 * owner is always allowed; auditor is allowed on every GET (read-only everywhere).
 */
export type OperatorAccess = 'public' | 'signed_in' | { readonly roles: readonly OperatorRole[] };

/** Whether an operator of this role may call a route of this access with this HTTP method. */
export function operatorMayCall(role: OperatorRole, access: OperatorAccess, method: string): boolean {
  if (access === 'public' || access === 'signed_in') return true;
  if (role === 'owner') return true;
  if (role === 'auditor') return method === 'GET' || method === 'HEAD';
  return access.roles.includes(role);
}

/** Messages of the operator console's calls. */
export const OperatorMessage = {
  loginFailed: 'Wrong username, password or code',
  loginRateLimited: 'Too many login attempts, try again later',
  enrolmentRequired: 'Scan the QR code with an authenticator app and enter its code',
  enrolmentExpired: 'The enrolment has expired, log in again',
  codeWrong: 'The code is wrong or was already used',
  unauthorized: 'Operator login required',
  forbidden: 'Your role may not do this',
  loggedOut: 'Logged out',
  operatorNotFound: 'Operator not found',
  usernameTaken: 'This username is taken',
  lastOwner: 'The last active owner cannot be disabled or demoted',
  ownSession: 'Use logout to end your own session',
  sessionNotFound: 'Session not found',
  saved: 'Saved',
  secondApprovalNeeded: 'Approved once: a second operator must approve this withdrawal',
  secondApproverSame: 'A second, different operator must approve this withdrawal',
  userSuspended: 'User suspended',
  userUnsuspended: 'User unsuspended',
  alreadySuspended: 'The user is already suspended',
  notSuspended: 'The user is not suspended',
  ledgerChecked: 'Ledger checked',
  orderRefunded: 'Order refunded',
} as const;

/** Operator usernames: lower-case letters, digits, dots and hyphens (never the automation names). */
export const OPERATOR_USERNAME_PATTERN = /^[a-z0-9][a-z0-9.-]{2,39}$/;
/** Operators choose long passwords; they guard other people's money. */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;
export const OPERATOR_PASSWORD_MAX_LENGTH = 128;
/** The longest reason an operator may give for a money or account action. */
export const OPERATOR_REASON_MAX_LENGTH = 300;

const usernameField = z
  .string({ error: 'username is required' })
  .trim()
  .toLowerCase()
  .regex(OPERATOR_USERNAME_PATTERN, 'username must be 3-40 lower-case letters, digits, dots or hyphens');

const passwordField = z
  .string({ error: 'password is required' })
  .min(OPERATOR_PASSWORD_MIN_LENGTH, `password must be at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters`)
  .max(OPERATOR_PASSWORD_MAX_LENGTH, `password must be at most ${OPERATOR_PASSWORD_MAX_LENGTH} characters`);

const totpCodeField = (field: string) =>
  z
    .string({ error: `${field} must be 6 digits` })
    .trim()
    .regex(/^\d{6}$/, `${field} must be 6 digits`);

const roleField = z.enum(OPERATOR_ROLES, { error: `role must be one of ${OPERATOR_ROLES.join(', ')}` });

/** The known-device token a console login answers and the next login presents: 32 random bytes, base64url. */
const OPERATOR_DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * POST /admin/api/auth/login: the TOTP code is left out on the first login, which starts enrolment.
 * device_token is the one an earlier login on this browser answered: a login from a known device is not
 * slowed by other people's wrong passwords.
 */
export const operatorLoginBody = z.object({
  username: usernameField,
  // The login form checks the password the operator has, whatever rules were in force when it was set.
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200),
  totp_code: z.preprocess(
    (value) => (value === '' ? undefined : value),
    totpCodeField('totp_code').optional(),
  ),
  device_token: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .string({ error: 'device_token must be text' })
      .regex(OPERATOR_DEVICE_TOKEN_PATTERN, 'device_token is malformed')
      .optional(),
  ),
});
export type OperatorLoginBody = z.output<typeof operatorLoginBody>;

/** POST /admin/api/auth/enrol: the enrolment token of the first login and a code from the new secret. */
export const operatorEnrolBody = z.object({
  enrolment_token: z
    .string({ error: 'enrolment_token is required' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'enrolment_token is malformed'),
  totp_code: totpCodeField('totp_code'),
});
export type OperatorEnrolBody = z.output<typeof operatorEnrolBody>;

/** The operator as the console sees it. */
export interface OperatorDto {
  id: number;
  username: string;
  role: OperatorRole;
  totp_enrolled: boolean;
  disabled: boolean;
  created_at: number;
}

/**
 * Login answers a session, or (first login) what the authenticator app needs to enrol. A session comes with
 * the browser's known-device token: the console keeps it (per username) and sends it with later logins.
 */
export type OperatorLoginResponse =
  | {
      code: 200;
      step: 'session';
      token: string;
      expires_at: number;
      operator: OperatorDto;
      device_token: string;
    }
  | {
      code: 200;
      step: 'enrol';
      msg: string;
      enrolment_token: string;
      enrolment_expires_at: number;
      otpauth_url: string;
      /** A PNG data URL of the otpauth URL as a QR code. */
      qr_data_url: string;
      /** The secret spelt out, for apps that cannot scan. */
      secret: string;
    };

export interface OperatorMeResponse {
  code: 200;
  operator: OperatorDto;
  /** How the caller is authenticated: a console session, or the automation token. */
  via: 'session' | 'admin_token';
}

/** POST /admin/api/operators (owner). */
export const createOperatorBody = z.object({
  username: usernameField,
  password: passwordField,
  role: roleField,
  /** Why: required when another owner must approve the new account (see the README's money controls). */
  reason: optionalText('reason', { max: OPERATOR_REASON_MAX_LENGTH }),
});
export type CreateOperatorBody = z.output<typeof createOperatorBody>;

/** PUT /admin/api/operators/:id (owner): role, disabled, or a new password (each optional, one needed). */
export const updateOperatorBody = z
  .object({
    role: roleField.optional(),
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
    password: passwordField.optional(),
    reset_totp: z.literal(true, { error: 'reset_totp must be true' }).optional(),
    /** Why: required when another owner must approve the change. */
    reason: optionalText('reason', { max: OPERATOR_REASON_MAX_LENGTH }),
  })
  .refine(({ reason: _reason, ...change }) => Object.values(change).some((value) => value !== undefined), {
    message: 'role, disabled, password or reset_totp is required',
  });
export type UpdateOperatorBody = z.output<typeof updateOperatorBody>;

export const operatorIdParams = z.object({ id: idFromQuery('id') });
export const operatorSessionParams = z.object({ id: idFromQuery('id') });
export const operatorListQuery = paginationQuery;

export interface OperatorSessionDto {
  id: number;
  operator_id: number;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  current: boolean;
}

/** A reason every money and account action carries into its audit row. */
export const operatorReasonBody = z.object({
  reason: requiredText('reason', { max: OPERATOR_REASON_MAX_LENGTH }),
});
export type OperatorReasonBody = z.output<typeof operatorReasonBody>;

const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const epochFromQuery = (field: string) =>
  z
    .string({ error: `${field} must be epoch milliseconds` })
    .regex(/^\d{1,15}$/, `${field} must be epoch milliseconds`)
    .transform(Number);

/**
 * GET /admin/api/audit: the audit log, newest first, filtered by any of these. The text filters refuse
 * control and malformed characters like every other text field (PostgreSQL cannot even take a NUL in a
 * parameter, issue 24); blank means no filter.
 */
export const auditLogQuery = paginationQuery.extend({
  event: optionalText('event', { max: 60 }),
  operator_id: z.preprocess(blankAsAbsent, idFromQuery('operator_id').optional()),
  user_id: z.preprocess(blankAsAbsent, idFromQuery('user_id').optional()),
  /** Text the detail contains (a serial number, an id, a reason). */
  q: optionalText('q', { max: 100 }),
  from: z.preprocess(blankAsAbsent, epochFromQuery('from').optional()),
  to: z.preprocess(blankAsAbsent, epochFromQuery('to').optional()),
});
export type AuditLogQuery = z.output<typeof auditLogQuery>;

export interface AuditEntryDto {
  id: number;
  event: string;
  user_id: number | null;
  mobile: string | null;
  ip: string | null;
  operator_id: number | null;
  operator_username: string | null;
  detail: Record<string, unknown>;
  created_at: number;
}
export type AuditLogResponse = Page<AuditEntryDto>;

/** The record kinds of the player view every build has; other modules add theirs (crash bets, tickets…). */
export const BUILT_IN_PLAYER_RECORD_KINDS = [
  'ledger',
  'colour_bets',
  'recharges',
  'withdrawals',
  'bank_cards',
  'sessions',
  'referrals',
] as const;

/** GET /admin/api/users/:id/records?kind&p&p_size (and category for colour bets). */
export const playerRecordsQuery = paginationQuery.extend({
  kind: z
    .string({ error: 'kind is required' })
    .regex(/^[a-z_]{1,40}$/, 'kind must be a record kind such as ledger or colour_bets'),
  category: z.preprocess(blankAsAbsent, z.string().max(10).optional()),
});
export type PlayerRecordsQuery = z.output<typeof playerRecordsQuery>;

/** POST /admin/api/users/:id/sessions/:session_id/revoke */
export const playerSessionParams = z.object({ id: idFromQuery('id'), session_id: idFromQuery('session_id') });

/** An account's login session as the operator sees it. */
export interface PlayerSessionDto {
  id: number;
  device_id: string | null;
  ip: string | null;
  created_at: number;
  last_used_at: number;
}

/** One referred account (level 1: referred by the player; level 2: by one of those). */
export interface PlayerReferralDto {
  user_id: number;
  mobile: string;
  nick_name: string;
  level: 1 | 2;
  created_at: number;
}

/** The dashboard shows at most this many days. */
export const DASHBOARD_MAX_DAYS = 90;

/** GET /admin/api/dashboard?days: the last `days` market days, today included. */
export const dashboardQuery = z.object({
  days: z
    .string({ error: 'days must be a whole number' })
    .regex(/^\d{1,3}$/, 'days must be a whole number')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, 'days must be at least 1')
        .max(DASHBOARD_MAX_DAYS, `days must be at most ${DASHBOARD_MAX_DAYS}`),
    )
    .optional()
    .default(14),
});
export type DashboardQuery = z.output<typeof dashboardQuery>;

/** One market day of the dashboard; amounts are decimal strings with two decimals. */
export interface DashboardDayDto {
  day: string;
  deposits: string;
  withdrawals: string;
  /** Net gaming revenue (stakes − payouts, fees included) of each game that day. */
  ngr: Record<string, string>;
  /** Players who bet in any game that day. */
  active_players: number;
}

/** One operator queue: how many wait and since when the oldest waits (null when empty). */
export interface QueueStatusDto {
  key: string;
  count: number;
  oldest_at: number | null;
}

/** The last stored run of the ledger's invariant checks. */
export interface LedgerCheckRunDto {
  id: number;
  source: string;
  ok: boolean;
  violation_count: number;
  drift_minor: number;
  started_at: number;
  finished_at: number;
  violations: string[];
}

export interface DashboardResponse {
  code: 200;
  time_zone: string;
  days: DashboardDayDto[];
  games: string[];
  queues: QueueStatusDto[];
  ledger: { last_check: LedgerCheckRunDto | null };
}

export interface QueuesResponse {
  code: 200;
  queues: QueueStatusDto[];
}
