import {
  type CreateOperatorBody,
  type OperatorDto,
  type OperatorEnrolBody,
  type OperatorLoginBody,
  type OperatorLoginResponse,
  OperatorMessage,
  type OperatorRole,
  type OperatorSessionDto,
  type Page,
  type PaginationQuery,
  ResponseCode,
  type UpdateOperatorBody,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError, notFound, unauthorized } from '../../http/app-error.ts';
import type { OperatorSessionResolver } from '../../http/operator-access.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import { SecretPurpose } from '../../platform/secrets/secret-purposes.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../accounts/password-hasher.ts';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { generateSessionToken, hashSessionToken } from '../accounts/session-token.ts';
import type { OperatorPrincipal } from './operator-context.ts';
import { type KnownOperatorDevice, OperatorLoginDevices } from './operator-login-devices.service.ts';
import { OPERATOR_LOGIN_RATE_LIMITED_EVENT, OperatorLoginLimits } from './operator-login-limits.service.ts';
import { newTotpSecret, totpEnrolment, verifyTotp } from './operator-totp.ts';
import {
  claimTotpStep,
  countOperators,
  countOtherActiveOwners,
  findLiveOperatorSession,
  findOperatorByEnrolmentToken,
  findOperatorById,
  findOperatorByUsername,
  findOperatorSession,
  insertOperatorIfFree,
  insertOperatorSession,
  listLiveOperatorSessions,
  listOperators,
  revokeOperatorSession,
  revokeOperatorSessions,
  touchOperatorSession,
  updateOperator,
} from './operators.repository.ts';
import type { OperatorRow } from './operators.tables.ts';

/** A console session ends this long after login, used or not: an operator logs in once a working day. */
export const OPERATOR_SESSION_MAX_AGE_MS = 12 * 60 * 60_000;
/** A console session left unused this long ends (a forgotten console on a shared desk). */
export const OPERATOR_SESSION_IDLE_MS = 30 * 60_000;
/** last_used_at is written at most once a minute per session. */
export const OPERATOR_SESSION_TOUCH_INTERVAL_MS = 60_000;
/** The first-login enrolment must be finished within this time. */
export const OPERATOR_ENROLMENT_TTL_MS = 10 * 60_000;
/** The most sessions one listing shows. */
export const OPERATOR_SESSION_LIST_LIMIT = 100;

/** The audit events of operator accounts. */
export const OperatorAuditEvent = {
  loginSucceeded: 'operator_login_succeeded',
  loginFailed: 'operator_login_failed',
  loginRateLimited: OPERATOR_LOGIN_RATE_LIMITED_EVENT,
  enrolmentStarted: 'operator_totp_enrolment_started',
  enrolled: 'operator_totp_enrolled',
  logout: 'operator_logout',
  sessionRevoked: 'operator_session_revoked',
  created: 'operator_created',
  updated: 'operator_updated',
} as const;

/** The operator as the console sees it (no hashes, no secrets). */
export function toOperatorDto(row: OperatorRow): OperatorDto {
  return {
    id: Number(row.id),
    username: row.username,
    role: row.role,
    totp_enrolled: row.totp_secret !== null,
    disabled: row.disabled_at !== null,
    created_at: Number(row.created_at),
  };
}

function snapshot(row: OperatorRow): Record<string, unknown> {
  return { role: row.role, disabled: row.disabled_at !== null, totp_enrolled: row.totp_secret !== null };
}

/** A change of an operator account, its new password already hashed. */
export interface OperatorChange {
  readonly role?: OperatorRole;
  readonly disabled?: boolean;
  readonly passwordHash?: string;
  readonly resetTotp?: boolean;
}

/** The change a console body asks for, without its password (hashed separately). */
export function operatorChangeOf(body: UpdateOperatorBody): Omit<OperatorChange, 'passwordHash'> {
  return {
    ...(body.role === undefined ? {} : { role: body.role }),
    ...(body.disabled === undefined ? {} : { disabled: body.disabled }),
    ...(body.reset_totp ? { resetTotp: true } : {}),
  };
}

/** Where a login came from. */
export interface LoginOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Operator accounts (issue 18): separate from players, argon2id passwords like theirs, TOTP as a second
 * factor enrolled with a QR code at the first login, console sessions that expire (12 h after login, 30 min
 * unused) and can be revoked, and login limits that strangers cannot use to keep an operator out (growing
 * delays per username and address; a device the operator used before is counted only against itself).
 */
export class OperatorService implements OperatorSessionResolver {
  private readonly loginLimits: OperatorLoginLimits;
  private readonly devices: OperatorLoginDevices;

  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    rateLimiter: RateLimiter,
    /** TOTP secrets are stored sealed (SecretPurpose.operatorTotpSecret and operatorTotpPendingSecret). */
    private readonly secrets: SecretBox,
  ) {
    this.loginLimits = new OperatorLoginLimits(database.db, clock, rateLimiter, audit);
    this.devices = new OperatorLoginDevices(database.db, clock);
  }

  private get db(): Kysely<Database> {
    return this.database.db;
  }

  /** Creates an operator (the owner's console, or the create-owner command); the username must be free. */
  async create(
    body: Pick<CreateOperatorBody, 'username' | 'password' | 'role'>,
    actor: { operator: string; ip: string | null },
  ): Promise<OperatorDto> {
    const passwordHash = await hashPassword(body.password);
    return this.insertHashed(this.db, { username: body.username, passwordHash, role: body.role }, actor);
  }

  /**
   * Creates an operator whose password is already hashed, in the caller's transaction when given one (an
   * approved request creates it in the approval's transaction).
   */
  async insertHashed(
    db: Kysely<Database>,
    values: { username: string; passwordHash: string; role: OperatorRole },
    actor: { operator: string; ip: string | null; detail?: Record<string, unknown> },
  ): Promise<OperatorDto> {
    const now = this.clock.now();
    const id = await insertOperatorIfFree(db, {
      username: values.username,
      password_hash: values.passwordHash,
      role: values.role,
      now,
    });
    if (id === undefined) throw new AppError(ResponseCode.conflict, OperatorMessage.usernameTaken);
    await this.audit.record(
      OperatorAuditEvent.created,
      {
        ip: actor.ip,
        detail: {
          operator: actor.operator,
          target_operator_id: id,
          username: values.username,
          role: values.role,
          ...actor.detail,
        },
      },
      db,
    );
    const row = await findOperatorById(db, id);
    if (!row) throw new Error(`operator ${id} vanished after insert`);
    return toOperatorDto(row);
  }

  /**
   * POST /admin/api/auth/login. A wrong username, password or code all answer the same failure. An operator
   * without TOTP yet gets an enrolment (a new secret as a QR code and a token to finish it with); one with
   * TOTP needs a valid, unused code and gets a session. The attempt is counted before anything is checked:
   * against the console's device when it presented a known one of this operator, else against the username
   * and address (see OperatorLoginLimits).
   */
  async login(body: OperatorLoginBody, origin: LoginOrigin): Promise<OperatorLoginResponse> {
    const device = await this.devices.recognise(body.device_token, body.username);
    const claim = await this.loginLimits.claim({ username: body.username, ip: origin.ip, device });
    const row = await findOperatorByUsername(this.db, body.username);
    const passwordMatches = await verifyPassword(
      row?.password_hash ?? (await dummyPasswordHash()),
      body.password,
    );
    if (!row || !passwordMatches || row.disabled_at !== null) {
      return this.failLogin(
        body.username,
        row,
        origin,
        !row ? 'unknown_username' : !passwordMatches ? 'wrong_password' : 'disabled',
      );
    }
    if (row.totp_secret === null) {
      await this.loginLimits.succeeded(claim);
      return this.startEnrolment(row, origin);
    }
    if (body.totp_code === undefined) return this.failLogin(body.username, row, origin, 'code_missing');
    const step = await verifyTotp(
      this.secrets.open(row.totp_secret, SecretPurpose.operatorTotpSecret),
      body.totp_code,
      this.clock.now(),
      Number(row.totp_last_step),
    );
    if (step === null || !(await claimTotpStep(this.db, row.id, step, this.clock.now()))) {
      return this.failLogin(body.username, row, origin, 'wrong_code');
    }
    await this.loginLimits.succeeded(claim);
    return this.openSession(row, origin, OperatorAuditEvent.loginSucceeded, device);
  }

  /** POST /admin/api/auth/enrol: a code from the new secret proves the app has it; TOTP is on from now. */
  async finishEnrolment(body: OperatorEnrolBody, origin: LoginOrigin): Promise<OperatorLoginResponse> {
    const row = await findOperatorByEnrolmentToken(this.db, hashSessionToken(body.enrolment_token));
    const now = this.clock.now();
    if (
      !row ||
      row.totp_pending_secret === null ||
      row.disabled_at !== null ||
      (row.enrolment_expires_at ?? 0) <= now
    ) {
      throw unauthorized(OperatorMessage.enrolmentExpired);
    }
    const pendingSecret = this.secrets.open(row.totp_pending_secret, SecretPurpose.operatorTotpPendingSecret);
    const step = await verifyTotp(pendingSecret, body.totp_code, now, 0);
    if (step === null) {
      await this.audit.record(OperatorAuditEvent.loginFailed, {
        ip: origin.ip,
        operatorId: row.id,
        detail: { username: row.username, reason: 'wrong_enrolment_code' },
      });
      throw new AppError(ResponseCode.badRequest, OperatorMessage.codeWrong);
    }
    await updateOperator(this.db, row.id, {
      // Sealed again for its new column: a value sealed for one column never opens in another.
      totp_secret: this.secrets.seal(pendingSecret, SecretPurpose.operatorTotpSecret),
      totp_pending_secret: null,
      totp_last_step: step,
      enrolment_token_hash: null,
      enrolment_expires_at: null,
      updated_at: now,
    });
    const enrolled = await findOperatorById(this.db, row.id);
    if (!enrolled) throw new Error(`operator ${row.id} vanished during enrolment`);
    return this.openSession(enrolled, origin, OperatorAuditEvent.enrolled, undefined);
  }

  /** The operator of a live console session; null for an unknown, revoked, expired or disabled one. */
  async resolve(token: string): Promise<OperatorPrincipal | null> {
    const row = await findLiveOperatorSession(this.db, hashSessionToken(token));
    const now = this.clock.now();
    if (!row || row.disabled_at !== null) return null;
    if (now >= row.expires_at || now - row.last_used_at >= OPERATOR_SESSION_IDLE_MS) return null;
    if (now - row.last_used_at >= OPERATOR_SESSION_TOUCH_INTERVAL_MS) {
      await touchOperatorSession(this.db, row.id, now, now - OPERATOR_SESSION_TOUCH_INTERVAL_MS);
    }
    return {
      operatorId: Number(row.operator_id),
      auditName: row.username,
      role: row.role,
      sessionId: Number(row.id),
      via: 'session',
    };
  }

  /** The calling operator's account. */
  async me(principal: OperatorPrincipal): Promise<OperatorDto> {
    if (principal.operatorId === null) {
      return {
        id: 0,
        username: principal.auditName,
        role: principal.role,
        totp_enrolled: false,
        disabled: false,
        created_at: 0,
      };
    }
    return toOperatorDto(await this.findOrFail(principal.operatorId));
  }

  /** POST /admin/api/auth/logout: the calling session ends at once. */
  async logout(principal: OperatorPrincipal, ip: string | null): Promise<void> {
    if (principal.sessionId === null) return;
    await revokeOperatorSession(this.db, principal.sessionId, this.clock.now());
    await this.audit.record(OperatorAuditEvent.logout, {
      ip,
      detail: { operator: principal.auditName, session_id: principal.sessionId },
    });
  }

  /** GET /admin/api/operators (owner). */
  async list(query: PaginationQuery): Promise<Page<OperatorDto>> {
    const [count, rows] = await Promise.all([
      countOperators(this.db),
      listOperators(this.db, pageWindow(query)),
    ]);
    return pageResponse(count, rows.map(toOperatorDto));
  }

  /**
   * PUT /admin/api/operators/:id (owner): a new role, disabling (which ends every session), a new password or
   * a TOTP reset (the operator enrols again at the next login; sessions end). Disabling, a new password and a
   * TOTP reset also forget the operator's known devices. The last active owner stays.
   */
  async update(
    id: number,
    body: UpdateOperatorBody,
    actor: { operator: string; ip: string | null },
  ): Promise<OperatorDto> {
    const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
    return runInTransaction(this.database, (trx) =>
      this.applyUpdate(
        trx,
        id,
        { ...operatorChangeOf(body), ...(passwordHash ? { passwordHash } : {}) },
        actor,
      ),
    );
  }

  /** One change of an operator account in the caller's transaction (the rules of update). */
  async applyUpdate(
    trx: Kysely<Database>,
    id: number,
    change: OperatorChange,
    actor: { operator: string; ip: string | null; detail?: Record<string, unknown> },
  ): Promise<OperatorDto> {
    const { passwordHash } = change;
    const before = await this.findOrFail(id, trx);
    const now = this.clock.now();
    const losesOwner =
      before.role === 'owner' &&
      before.disabled_at === null &&
      ((change.role !== undefined && change.role !== 'owner') || change.disabled === true);
    if (losesOwner && (await countOtherActiveOwners(trx, id)) === 0) {
      throw new AppError(ResponseCode.conflict, OperatorMessage.lastOwner);
    }
    await updateOperator(trx, id, {
      ...(change.role === undefined ? {} : { role: change.role }),
      ...(change.disabled === undefined
        ? {}
        : { disabled_at: change.disabled ? (before.disabled_at ?? now) : null }),
      ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
      ...(change.resetTotp ? { totp_secret: null, totp_pending_secret: null, totp_last_step: 0 } : {}),
      updated_at: now,
    });
    const endsSessions =
      change.disabled === true ||
      change.resetTotp === true ||
      passwordHash !== undefined ||
      change.role !== undefined;
    const revoked = endsSessions ? await revokeOperatorSessions(trx, id, now) : 0;
    const forgetsDevices =
      change.disabled === true || change.resetTotp === true || passwordHash !== undefined;
    const devicesForgotten = forgetsDevices ? await this.devices.forgetAll(id, trx) : 0;
    const after = await this.findOrFail(id, trx);
    await this.audit.record(
      OperatorAuditEvent.updated,
      {
        ip: actor.ip,
        detail: {
          operator: actor.operator,
          target_operator_id: id,
          before: snapshot(before),
          after: snapshot(after),
          password_changed: passwordHash !== undefined,
          sessions_revoked: revoked,
          devices_forgotten: devicesForgotten,
          ...actor.detail,
        },
      },
      trx,
    );
    return toOperatorDto(after);
  }

  /** The operator account of an id, for the rules of operator changes; 404 for an unknown one. */
  async findAccount(id: number, db: Kysely<Database> = this.db): Promise<OperatorDto> {
    return toOperatorDto(await this.findOrFail(id, db));
  }

  /** How many active owners there are besides the given operator (0 for the automation token: all). */
  async activeOwnersOtherThan(operatorId: number | null, db: Kysely<Database> = this.db): Promise<number> {
    return countOtherActiveOwners(db, operatorId ?? 0);
  }

  /** Whether any operator account exists (none: the deployment's first operators are being made). */
  async anyOperatorExists(db: Kysely<Database> = this.db): Promise<boolean> {
    return (await countOperators(db)) > 0;
  }

  /** GET /admin/api/operators/sessions: live console sessions (the owner's view, or an operator's own). */
  async listSessions(principal: OperatorPrincipal, operatorId?: number): Promise<Page<OperatorSessionDto>> {
    const rows = await listLiveOperatorSessions(this.db, {
      ...(operatorId === undefined ? {} : { operatorId }),
      now: this.clock.now(),
      limit: OPERATOR_SESSION_LIST_LIMIT,
    });
    const live = rows.filter((row) => this.clock.now() - row.last_used_at < OPERATOR_SESSION_IDLE_MS);
    return pageResponse(
      live.length,
      live.map((row) => ({
        id: Number(row.id),
        operator_id: Number(row.operator_id),
        ip: row.ip,
        user_agent: row.user_agent,
        created_at: Number(row.created_at),
        last_used_at: Number(row.last_used_at),
        expires_at: Number(row.expires_at),
        current: Number(row.id) === principal.sessionId,
      })),
    );
  }

  /** POST /admin/api/operators/sessions/:id/revoke (owner): ends another operator's console session. */
  async revokeSession(sessionId: number, actor: OperatorPrincipal, ip: string | null): Promise<void> {
    const session = await findOperatorSession(this.db, sessionId);
    if (!session) throw notFound(OperatorMessage.sessionNotFound);
    if (Number(session.id) === actor.sessionId)
      throw new AppError(ResponseCode.badRequest, OperatorMessage.ownSession);
    const revoked = await revokeOperatorSession(this.db, sessionId, this.clock.now());
    await this.audit.record(OperatorAuditEvent.sessionRevoked, {
      ip,
      detail: {
        operator: actor.auditName,
        target_operator_id: Number(session.operator_id),
        session_id: sessionId,
        was_live: revoked,
      },
    });
  }

  private async startEnrolment(row: OperatorRow, origin: LoginOrigin): Promise<OperatorLoginResponse> {
    const secret = await newTotpSecret();
    const enrolmentToken = generateSessionToken();
    const expiresAt = this.clock.now() + OPERATOR_ENROLMENT_TTL_MS;
    await updateOperator(this.db, row.id, {
      totp_pending_secret: this.secrets.seal(secret, SecretPurpose.operatorTotpPendingSecret),
      enrolment_token_hash: hashSessionToken(enrolmentToken),
      enrolment_expires_at: expiresAt,
      updated_at: this.clock.now(),
    });
    await this.audit.record(OperatorAuditEvent.enrolmentStarted, {
      ip: origin.ip,
      operatorId: row.id,
      detail: { username: row.username },
    });
    const { url, qrDataUrl } = await totpEnrolment(row.username, secret);
    return {
      code: 200,
      step: 'enrol',
      msg: OperatorMessage.enrolmentRequired,
      enrolment_token: enrolmentToken,
      enrolment_expires_at: expiresAt,
      otpauth_url: url,
      qr_data_url: qrDataUrl,
      secret,
    };
  }

  /** Opens a console session; the browser is remembered as a known device of the operator (or stays one). */
  private async openSession(
    row: OperatorRow,
    origin: LoginOrigin,
    event: string,
    device: KnownOperatorDevice | undefined,
  ): Promise<OperatorLoginResponse> {
    const token = generateSessionToken();
    const now = this.clock.now();
    const expiresAt = now + OPERATOR_SESSION_MAX_AGE_MS;
    const sessionId = await insertOperatorSession(this.db, {
      token_hash: hashSessionToken(token),
      operator_id: row.id,
      ip: origin.ip,
      user_agent: origin.userAgent?.slice(0, 300) ?? null,
      now,
      expires_at: expiresAt,
    });
    await this.audit.record(event, {
      ip: origin.ip,
      operatorId: row.id,
      detail: { username: row.username, session_id: sessionId, known_device: device !== undefined },
    });
    const deviceToken = await this.devices.remember(row.id, origin.userAgent, device);
    return {
      code: 200,
      step: 'session',
      token,
      expires_at: expiresAt,
      operator: toOperatorDto(row),
      device_token: deviceToken,
    };
  }

  private async failLogin(
    username: string,
    row: OperatorRow | undefined,
    origin: LoginOrigin,
    reason: string,
  ): Promise<never> {
    await this.audit.record(OperatorAuditEvent.loginFailed, {
      ip: origin.ip,
      operatorId: row?.id ?? null,
      detail: { username, reason },
    });
    throw new AppError(ResponseCode.badRequest, OperatorMessage.loginFailed);
  }

  private async findOrFail(id: number, db: Kysely<Database> = this.db): Promise<OperatorRow> {
    const row = await findOperatorById(db, id);
    if (!row) throw notFound(OperatorMessage.operatorNotFound);
    return row;
  }
}
