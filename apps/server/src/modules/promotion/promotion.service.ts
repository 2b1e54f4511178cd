import {
  type AddProfitTransferBody,
  type AdminProfitTransferDto,
  type BonusTransactionListResponse,
  minorToDecimalString,
  type Page,
  type PaginationQuery,
  type ProfitTransferListResponse,
  type ProfitTransferStatus,
  type PromotionInfoResponse,
  type PromotionLevelQuery,
  PromotionMessage,
  type PromotionUserListResponse,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import { lockUserRow } from '../accounts/accounts.repository.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { InsufficientBalanceError, LedgerInvariantError } from '../ledger/ledger.errors.ts';
import { userBonus, userWallet } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { OperatorContext } from '../shop/shop-audit.ts';
import {
  insertProfitTransfer,
  levelSummary,
  listBonuses,
  listProfitTransfers,
  listReferredUsers,
  lockProfitTransfer,
  resolveProfitTransfer,
  setProfitTransferHold,
} from './promotion.repository.ts';
import type { ProfitTransferRow } from './promotion.tables.ts';

/** The ledger reference type of a profit transfer's hold and its resolution (id: the profit transfer id). */
export const PROFIT_TRANSFER_REFERENCE_TYPE = 'profit_transfer';
const holdKey = (id: number) => `profit_transfer:${id}:hold`;
const postKey = (id: number) => `profit_transfer:${id}:post`;
const voidKey = (id: number) => `profit_transfer:${id}:void`;

export const PromotionAuditEvent = {
  profitTransferCompleted: 'profit_transfer_completed',
  profitTransferRefused: 'profit_transfer_refused',
} as const;

/** needs_bet of the withdrawals module: a completed profit transfer adds to it like a recharge. */
export interface ProfitWageringRequirement {
  addForRecharge(trx: Kysely<Database>, userId: number, amountMinor: number): Promise<number>;
}

export interface PromotionServiceDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  settings: SettingsService;
  audit: AuditLog;
  wagering: ProfitWageringRequirement;
}

function toAdminDto(row: ProfitTransferRow): AdminProfitTransferDto {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    price: minorToDecimalString(Number(row.amount_minor)),
    status: row.status,
    refuse_reason: row.refuse_reason,
    create_time: Number(row.created_at),
    resolved_time: row.resolved_at === null ? null : Number(row.resolved_at),
  };
}

/**
 * The player's promotion calls (spec 02 §7 "Gift, suggestions, promotion") and the operator's decisions on
 * profit transfers. The bonus balance is the user's bonus account of the ledger; "apply to balance" holds
 * it towards the wallet (Wait) until the transfer is completed (posted: GUP, and needs_bet grows) or refused
 * (voided: the bonus comes back).
 */
export class PromotionService {
  constructor(private readonly dependencies: PromotionServiceDependencies) {}

  /** GET /user/my_promotion_info. */
  async info(userId: number): Promise<PromotionInfoResponse> {
    const { database, ledger } = this.dependencies;
    const account = await ledger.findAccount(database.db, userBonus(userId));
    const one = await levelSummary(database.db, userId, 1);
    const two = await levelSummary(database.db, userId, 2);
    const profitMinor = account
      ? account.creditsPostedMinor - account.debitsPostedMinor - account.debitsPendingMinor
      : 0;
    return {
      code: 200,
      profit: minorToDecimalString(profitMinor),
      info: {
        one_level_user_count: one.userCount,
        one_level_contribution: minorToDecimalString(one.contributionMinor),
        two_level_user_count: two.userCount,
        two_level_contribution: minorToDecimalString(two.contributionMinor),
      },
    };
  }

  /** GET /user/profit_transactions?level. */
  async bonuses(userId: number, query: PromotionLevelQuery): Promise<BonusTransactionListResponse> {
    const page = await listBonuses(this.dependencies.database.db, userId, query.level, pageWindow(query));
    return pageResponse(
      page.count,
      page.rows.map((row) => ({
        type: row.type,
        relation_id: row.round_ref,
        change: minorToDecimalString(Number(row.amount_minor)),
        bonus_infos: [{ nick_name: row.nick_name ?? '' }],
        create_time: Number(row.created_at),
      })),
    );
  }

  /** GET /user/promotion_users?level: nick name, first recharge and time only. */
  async referredUsers(userId: number, query: PromotionLevelQuery): Promise<PromotionUserListResponse> {
    const page = await listReferredUsers(
      this.dependencies.database.db,
      userId,
      query.level,
      pageWindow(query),
    );
    return pageResponse(
      page.count,
      page.rows.map((row) => ({
        nick_name: row.nick_name,
        first_recharge_price: minorToDecimalString(Number(row.amount_minor ?? 0)),
        create_time: Number(row.created_at),
      })),
    );
  }

  /** GET /user/profit_transfers. */
  async profitTransfers(userId: number, query: PaginationQuery): Promise<ProfitTransferListResponse> {
    const page = await listProfitTransfers(this.dependencies.database.db, { userId }, pageWindow(query));
    return pageResponse(
      page.count,
      page.rows.map((row) => ({
        price: minorToDecimalString(Number(row.amount_minor)),
        status: row.status,
        create_time: Number(row.created_at),
      })),
    );
  }

  /**
   * POST /user/add_profit_transfer: holds the amount of the bonus account towards the wallet in a Wait
   * transfer, in one transaction; more than the bonus answers 400. At or under the operator's threshold it
   * completes at once.
   */
  async apply(userId: number, body: AddProfitTransferBody): Promise<{ code: 200; msg: string }> {
    const { database, clock, ledger, settings } = this.dependencies;
    await runInTransaction(database, async (trx) => {
      // The user's row first, as a recharge credit and a withdrawal lock it (needs_bet's locking rule).
      await lockUserRow(trx, database.dialect, userId);
      const bonus = await ledger.findAccount(trx, userBonus(userId));
      const bonusMinor = bonus
        ? bonus.creditsPostedMinor - bonus.debitsPostedMinor - bonus.debitsPendingMinor
        : 0;
      if (body.apply_bonus > bonusMinor) throw badRequest(PromotionMessage.applyMoreThanBonus);
      const id = await insertProfitTransfer(trx, { userId, amountMinor: body.apply_bonus, now: clock.now() });
      let hold: Awaited<ReturnType<LedgerService['hold']>>;
      try {
        hold = await ledger.hold(trx, {
          debit: userBonus(userId),
          credit: userWallet(userId),
          amountMinor: body.apply_bonus,
          kind: 'promotion_profit',
          reference: { type: PROFIT_TRANSFER_REFERENCE_TYPE, id },
          idempotencyKey: holdKey(id),
        });
      } catch (error) {
        if (error instanceof InsufficientBalanceError) throw badRequest(PromotionMessage.applyMoreThanBonus);
        throw error;
      }
      await setProfitTransferHold(trx, id, hold.id);
      const autoMax = await settings.get('promotion.auto_complete_max_minor', trx);
      if (body.apply_bonus <= autoMax) {
        await this.complete(trx, await this.lockedWaiting(trx, id), { operator: 'auto', ip: null });
      }
    });
    return { code: 200, msg: PromotionMessage.applyCreated };
  }

  /** GET /admin/api/profit-transfers. */
  async adminList(
    query: PaginationQuery & { status?: ProfitTransferStatus },
  ): Promise<Page<AdminProfitTransferDto>> {
    const page = await listProfitTransfers(
      this.dependencies.database.db,
      { status: query.status ?? 'Wait' },
      pageWindow(query),
    );
    return pageResponse(page.count, page.rows.map(toAdminDto));
  }

  /** POST /admin/api/profit-transfers/:id/complete: posts the hold (GUP) and grows needs_bet. */
  async adminComplete(
    id: number,
    context: OperatorContext,
  ): Promise<{ code: 200; entry: AdminProfitTransferDto }> {
    const { database } = this.dependencies;
    const row = await runInTransaction(database, async (trx) => {
      const waiting = await this.lockedWaiting(trx, id);
      return this.complete(trx, waiting, { operator: context.operator, ip: context.ip });
    });
    return { code: 200, entry: toAdminDto(row) };
  }

  /** POST /admin/api/profit-transfers/:id/refuse: voids the hold; the bonus comes back. */
  async adminRefuse(
    id: number,
    reason: string | undefined,
    context: OperatorContext,
  ): Promise<{ code: 200; entry: AdminProfitTransferDto }> {
    const { database, clock, ledger, audit } = this.dependencies;
    const row = await runInTransaction(database, async (trx) => {
      const waiting = await this.lockedWaiting(trx, id);
      await ledger.voidPending(trx, { pendingId: this.holdOf(waiting), idempotencyKey: voidKey(id) });
      const now = clock.now();
      if (!(await resolveProfitTransfer(trx, id, { status: 'Refused', reason: reason ?? null, now }))) {
        throw new LedgerInvariantError(`profit transfer ${id} changed while locked`);
      }
      await audit.record(
        PromotionAuditEvent.profitTransferRefused,
        {
          userId: Number(waiting.user_id),
          ip: context.ip,
          detail: { id, operator: context.operator, reason },
        },
        trx,
      );
      return { ...waiting, status: 'Refused' as const, refuse_reason: reason ?? null, resolved_at: now };
    });
    return { code: 200, entry: toAdminDto(row) };
  }

  private async lockedWaiting(trx: Kysely<Database>, id: number): Promise<ProfitTransferRow> {
    const row = await lockProfitTransfer(trx, this.dependencies.database.dialect, id);
    if (!row) throw notFound(PromotionMessage.profitTransferNotFound);
    if (row.status !== 'Wait') throw badRequest(PromotionMessage.profitTransferNotWaiting);
    return row;
  }

  private holdOf(row: ProfitTransferRow): number {
    if (row.hold_transfer_id === null)
      throw new LedgerInvariantError(`profit transfer ${row.id} has no hold`);
    return Number(row.hold_transfer_id);
  }

  private async complete(
    trx: Kysely<Database>,
    row: ProfitTransferRow,
    context: { operator: string; ip: string | null },
  ): Promise<ProfitTransferRow> {
    const { database, clock, ledger, audit, wagering } = this.dependencies;
    const userId = Number(row.user_id);
    await lockUserRow(trx, database.dialect, userId);
    await ledger.postPending(trx, { pendingId: this.holdOf(row), idempotencyKey: postKey(Number(row.id)) });
    const needsBetAddedMinor = await wagering.addForRecharge(trx, userId, Number(row.amount_minor));
    const now = clock.now();
    if (!(await resolveProfitTransfer(trx, Number(row.id), { status: 'Completed', reason: null, now }))) {
      throw new LedgerInvariantError(`profit transfer ${row.id} changed while locked`);
    }
    await audit.record(
      PromotionAuditEvent.profitTransferCompleted,
      {
        userId,
        ip: context.ip,
        detail: { id: Number(row.id), operator: context.operator, needs_bet_added_minor: needsBetAddedMinor },
      },
      trx,
    );
    return { ...row, status: 'Completed', resolved_at: now };
  }
}
