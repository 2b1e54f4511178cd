import {
  minorToDecimalString,
  OperatorMessage,
  type OperatorUserDto,
  type OperatorUserFlagsBody,
  type OperatorUserListQuery,
  type OperatorUserListResponse,
  OperatorUserMessage,
  type OperatorUserResponse,
  USER_FLAG_NAMES,
  type UserFlags,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { revokeUserSessions } from '../accounts/session.repository.ts';
import type { SessionService } from '../accounts/session.service.ts';
import { balancesMinor } from '../ledger/ledger-balances.service.ts';
import type { OperatorContext } from '../shop/shop-audit.ts';
import {
  countOperatorUsers,
  findOperatorUser,
  listOperatorUsers,
  lockOperatorUser,
  type OperatorUserRow,
  setUserSuspension,
  type UserFlagColumns,
  updateUserFlags,
} from './profile-operator.repository.ts';

/** Events of the audit log written by the operator's user calls. */
export const ProfileOperatorAuditEvent = {
  userFlagsChanged: 'operator_user_flags_changed',
  userSuspended: 'operator_user_suspended',
  userUnsuspended: 'operator_user_unsuspended',
} as const;

/** The three flags of a stored account as booleans (they are stored as 0/1 integers). */
function userFlagsOf(row: OperatorUserRow): UserFlags {
  return {
    is_early: row.is_early === 1,
    is_transfer_enable: row.is_transfer_enable === 1,
    event_gift_enable: row.event_gift_enable === 1,
  };
}

/** An account as the operator sees it, with its balance from the ledger. */
function toOperatorUserDto(row: OperatorUserRow, balanceMinor: number): OperatorUserDto {
  return {
    user_id: Number(row.id),
    mobile: row.mobile,
    nick_name: row.nick_name,
    r_code: row.r_code,
    ...userFlagsOf(row),
    referrer_user_id: row.referrer_level1_id === null ? null : Number(row.referrer_level1_id),
    balance: minorToDecimalString(balanceMinor),
    created_at: Number(row.created_at),
    suspended: row.suspended_at !== null,
    suspended_reason: row.suspended_reason,
  };
}

/** Whether a change turned off a flag that was on (access narrowed, so open sockets are re-checked). */
function flagTurnedOff(before: UserFlags, after: UserFlags): boolean {
  return USER_FLAG_NAMES.some((name) => before[name] && !after[name]);
}

/** The stored 0/1 value of each flag the operator gave; flags left out are not written. */
function flagColumns(body: OperatorUserFlagsBody): UserFlagColumns {
  const columns: UserFlagColumns = {};
  for (const name of USER_FLAG_NAMES) {
    const value = body[name];
    if (value !== undefined) columns[name] = value ? 1 : 0;
  }
  return columns;
}

/**
 * The operator API of accounts (DESIGN.md "Operator API"): find users with their flags and balance, and
 * change the per-user flags of spec 01 §6 (is_early opens the game tabs, is_transfer_enable the transfer
 * menu item, event_gift_enable the gift entry), each change audited with its before and after values. A
 * change that takes access away (a flag turned off, a suspension) is announced to the live sockets once
 * committed, so the user's open game sockets are re-checked on every instance within a second.
 */
export class ProfileOperatorService {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly sessions: Pick<SessionService, 'accessChanged'>,
  ) {}

  /** GET /admin/api/users: accounts newest first, optionally one id or one (normalised) mobile number. */
  async list(query: OperatorUserListQuery): Promise<OperatorUserListResponse> {
    const { db } = this.database;
    const filter = {
      ...(query.user_id === undefined ? {} : { userId: query.user_id }),
      ...(query.mobile === undefined ? {} : { mobile: query.mobile }),
    };
    const [count, rows] = await Promise.all([
      countOperatorUsers(db, filter),
      listOperatorUsers(db, filter, pageWindow(query)),
    ]);
    return pageResponse(count, await this.withBalances(db, rows));
  }

  /** GET /admin/api/users/:id: one account; an unknown id answers 404. */
  async get(userId: number): Promise<OperatorUserResponse> {
    const { db } = this.database;
    const row = await findOperatorUser(db, userId);
    if (!row) throw notFound(OperatorUserMessage.userNotFound);
    return { code: 200, entry: await this.withBalance(db, row) };
  }

  /** PUT /admin/api/users/:id/flags: sets the given flags and audits before and after in one transaction. */
  async changeFlags(
    userId: number,
    body: OperatorUserFlagsBody,
    context: OperatorContext,
  ): Promise<OperatorUserResponse> {
    let narrowed = false;
    const response = await runInTransaction(this.database, async (trx) => {
      const before = await lockOperatorUser(trx, this.database.dialect, userId);
      if (!before) throw notFound(OperatorUserMessage.userNotFound);
      const after = await updateUserFlags(trx, userId, flagColumns(body), this.clock.now());
      if (!after) throw new Error(`user ${userId} vanished while it was locked for a flag change`);
      // The row is written even when a flag already had the asked value: the operator's action happened.
      await this.audit.record(
        ProfileOperatorAuditEvent.userFlagsChanged,
        {
          userId,
          mobile: after.mobile,
          ip: context.ip,
          detail: {
            operator: context.operator,
            user_id: userId,
            before: userFlagsOf(before),
            after: userFlagsOf(after),
          },
        },
        trx,
      );
      narrowed = flagTurnedOff(userFlagsOf(before), userFlagsOf(after));
      // Read inside the transaction: on SQLite the one connection is held by it until it commits.
      return { code: 200 as const, entry: await this.withBalance(trx, after) };
    });
    // After the commit (the transaction may have run more than once): the re-check then sees the change.
    if (narrowed) this.sessions.accessChanged({ userId });
    return response;
  }

  /**
   * POST /admin/api/users/:id/suspend {reason}: the account can no longer log in and every session ends at
   * once (the session lookup also refuses a suspended account, so a login racing this cannot slip through);
   * its open game sockets close on every instance.
   */
  async suspend(userId: number, reason: string, context: OperatorContext): Promise<OperatorUserResponse> {
    return this.changeSuspension(userId, reason, context, true);
  }

  /** POST /admin/api/users/:id/unsuspend {reason}: the account may log in again. */
  async unsuspend(userId: number, reason: string, context: OperatorContext): Promise<OperatorUserResponse> {
    return this.changeSuspension(userId, reason, context, false);
  }

  private async changeSuspension(
    userId: number,
    reason: string,
    context: OperatorContext,
    suspend: boolean,
  ): Promise<OperatorUserResponse> {
    const response = await runInTransaction(this.database, async (trx): Promise<OperatorUserResponse> => {
      const before = await lockOperatorUser(trx, this.database.dialect, userId);
      if (!before) throw notFound(OperatorUserMessage.userNotFound);
      if (suspend === (before.suspended_at !== null)) {
        throw badRequest(suspend ? OperatorMessage.alreadySuspended : OperatorMessage.notSuspended);
      }
      const now = this.clock.now();
      const after = await setUserSuspension(
        trx,
        userId,
        suspend
          ? { suspended_at: now, suspended_reason: reason }
          : { suspended_at: null, suspended_reason: null },
        now,
      );
      if (!after) throw new Error(`user ${userId} vanished while it was locked for a suspension`);
      const sessionsRevoked = suspend ? await revokeUserSessions(trx, userId, now) : 0;
      await this.audit.record(
        suspend ? ProfileOperatorAuditEvent.userSuspended : ProfileOperatorAuditEvent.userUnsuspended,
        {
          userId,
          mobile: after.mobile,
          ip: context.ip,
          detail: {
            operator: context.operator,
            user_id: userId,
            reason,
            before: { suspended: before.suspended_at !== null, reason: before.suspended_reason },
            after: { suspended: after.suspended_at !== null, reason: after.suspended_reason },
            sessions_revoked: sessionsRevoked,
          },
        },
        trx,
      );
      return {
        code: 200,
        msg: suspend ? OperatorMessage.userSuspended : OperatorMessage.userUnsuspended,
        entry: await this.withBalance(trx, after),
      };
    });
    // After the commit: every open socket of the user closes on every instance (its sessions ended).
    if (suspend) this.sessions.accessChanged({ userId });
    return response;
  }

  /** The rows as the operator's view, every balance read from the ledger in one query. */
  private async withBalances(db: Kysely<Database>, rows: OperatorUserRow[]): Promise<OperatorUserDto[]> {
    const balances = await balancesMinor(
      db,
      rows.map((row) => Number(row.id)),
    );
    return rows.map((row) => toOperatorUserDto(row, balances.get(Number(row.id)) ?? 0));
  }

  /** One row as the operator's view, with its balance from the ledger. */
  private async withBalance(db: Kysely<Database>, row: OperatorUserRow): Promise<OperatorUserDto> {
    const userId = Number(row.id);
    const balances = await balancesMinor(db, [userId]);
    return toOperatorUserDto(row, balances.get(userId) ?? 0);
  }
}
