import {
  type AdminCreateGiftCodeBody,
  type AdminGiftClaimDto,
  type AdminGiftCodeDto,
  type AdminGiftEventRoundDto,
  type ApprovalRequestedResponse,
  type GiftEventListResponse,
  GiftMessage,
  getMarket,
  type JoinGiftEventResponse,
  type MarketCode,
  minorToDecimalString,
  normalizeMobile,
  type Page,
  type PaginationQuery,
  type ReceiveRedPacketBody,
  type ReceiveRedPacketResponse,
  zonedDateTime,
  zonedWallTimeToEpoch,
} from '@app/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound, tooManyRequests } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import { lockUserRow } from '../accounts/accounts.repository.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import type { AlertService } from '../approvals/alerts.service.ts';
import {
  type ApprovalContext,
  type ApprovalService,
  operatorIdentity,
} from '../approvals/approvals.service.ts';
import { type LedgerKind, systemAccount, userWallet } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { OperatorPrincipal } from '../operators/operator-context.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { OperatorContext } from '../shop/shop-audit.ts';
import type { WageringService } from '../withdrawals/wagering.service.ts';
import { cryptoRandomInt, drawShare, type RandomInt, splitGift } from './gift-split.ts';
import {
  addToCreatorDailyTotal,
  claimNextPacket,
  creatorDailyTotal,
  disableGiftCode,
  findGiftCode,
  findGiftUser,
  giftCodeExists,
  hasBetSince,
  hasClaimedCode,
  hasCreditedRecharge,
  hasReferred,
  insertGiftCode,
  insertPackets,
  insertRoundsIfMissing,
  listGiftCodeClaims,
  listGiftCodes,
  listRounds,
  listRoundsOfDay,
  lockGiftCodeByCode,
  lockRound,
  recordRoundClaim,
  roundsJoinedBy,
} from './gifts.repository.ts';
import type { GiftCodeRow, GiftEventRoundRow } from './gifts.tables.ts';

/** The three rounds of a day in the market's time zone (DESIGN.md §6), as minutes of the day. */
export const GIFT_EVENT_SLOTS = [
  { slot: 1, startMinute: 10 * 60 + 30, endMinute: 11 * 60 + 30 },
  { slot: 2, startMinute: 15 * 60 + 30, endMinute: 16 * 60 + 30 },
  { slot: 3, startMinute: 20 * 60 + 30, endMinute: 21 * 60 + 30 },
] as const;

/** The ledger kinds of a stake in any game: what "bet today" (join_bet) looks for. */
export const GAME_STAKE_KINDS: readonly LedgerKind[] = [
  'colour_bet',
  'luckyhit_bet',
  'aviator_bet',
  'launcher_debit',
];

export const GIFT_CODE_REFERENCE_TYPE = 'gift_code';
export const GIFT_EVENT_REFERENCE_TYPE = 'gift_event';
export const giftCodeCreditKey = (giftCodeId: number, userId: number) => `gift_code:${giftCodeId}:${userId}`;
export const giftEventCreditKey = (roundId: number, userId: number) => `gift_event:${roundId}:${userId}`;

export const GiftAuditEvent = {
  giftCodeCreated: 'gift_code_created',
  giftCodeDisabled: 'gift_code_disabled',
  giftCodeCapReached: 'gift_code_operator_cap_reached',
} as const;

/** Gift-code claims one account may try per minute, right or wrong (guessing codes is not a way in). */
export const GIFT_CLAIMS_PER_USER_PER_MINUTE = 5;
/** Gift-code claims one address may try per minute (a household or an office shares one). */
export const GIFT_CLAIMS_PER_IP_PER_MINUTE = 20;
const GIFT_CLAIM_WINDOW_MS = 60_000;

/** The message of a large gift code sent without the reason its approver needs. */
export const LARGE_GIFT_CODE_NEEDS_REASON =
  'reason is required: a gift code of this total needs a second operator’s approval';

/** What an approved gift code request makes (the maker's body, and who the maker was). */
const giftCodePayload = z.object({
  code: z.string(),
  total: z.number().int().positive(),
  count: z.number().int().positive(),
  split: z.enum(['fixed', 'random']),
  min_amount: z.number().int().min(0).optional(),
  expires_at: z.number().int().positive(),
  require_recharge: z.boolean().optional(),
  creator_key: z.string(),
});
type GiftCodePayload = z.output<typeof giftCodePayload>;

export interface GiftsServiceDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  settings: SettingsService;
  audit: AuditLog;
  market: MarketCode;
  wagering: WageringService;
  rateLimiter: RateLimiter;
  approvals: ApprovalService;
  alerts: AlertService;
  random?: RandomInt;
}

function toGiftCodeDto(row: GiftCodeRow): AdminGiftCodeDto {
  return {
    id: Number(row.id),
    code: row.code,
    total: minorToDecimalString(Number(row.total_minor)),
    count: Number(row.packet_count),
    split: row.split,
    min_amount: minorToDecimalString(Number(row.min_amount_minor)),
    expires_at: Number(row.expires_at),
    require_recharge: Number(row.require_recharge) === 1,
    claimed_count: Number(row.claimed_count),
    claimed: minorToDecimalString(Number(row.claimed_minor)),
    is_disabled: Number(row.is_disabled) === 1,
    create_time: Number(row.created_at),
  };
}

function toRoundDto(row: GiftEventRoundRow): AdminGiftEventRoundDto {
  return {
    id: Number(row.id),
    day: row.day,
    slot: Number(row.slot),
    start_time: Number(row.start_at),
    end_time: Number(row.end_at),
    pool: minorToDecimalString(Number(row.pool_minor)),
    paid: minorToDecimalString(Number(row.pool_minor) - Number(row.remaining_minor)),
    remaining: minorToDecimalString(Number(row.remaining_minor)),
    receive_limit: Number(row.receive_limit),
    opened_count: Number(row.opened_count),
    join_recharge: Number(row.join_recharge) === 1,
    join_relation: Number(row.join_relation) === 1,
    join_bet: Number(row.join_bet) === 1,
  };
}

/** A gift code would take its maker past the daily cap; a 400 naming the cap to whoever asked or approved. */
class DailyCapReached extends AppError {
  constructor(
    readonly usedMinor: number,
    readonly capMinor: number,
  ) {
    super(400, dailyCapMessage(usedMinor, capMinor));
  }
}

/** The refusal of a gift code over its maker's daily cap, naming the cap and what is left. */
function dailyCapMessage(usedMinor: number, capMinor: number): string {
  return (
    `total is over your daily gift-code cap: ${minorToDecimalString(Math.max(0, capMinor - usedMinor))} ` +
    `of ${minorToDecimalString(capMinor)} left today (gifts.operator_daily_total_max_minor)`
  );
}

/**
 * Gift codes (red packets) and gift events (DESIGN.md §6). A code's packets are drawn when it is made (they
 * add up to its total exactly); a claim locks the code's row, so concurrent claims take turns and never
 * take more packets than it has, and one user's second claim is refused (also by a unique index). A gift
 * round's row is locked the same way while an amount is drawn from what remains. Both pay from gift
 * expense into the wallet: RP and REG.
 */
export class GiftsService {
  private readonly random: RandomInt;

  constructor(private readonly dependencies: GiftsServiceDependencies) {
    this.random = dependencies.random ?? cryptoRandomInt;
    dependencies.approvals.register({
      kind: 'gift_code.create',
      payloadSchema: giftCodePayload,
      execute: (trx, payload, context) => this.createApprovedCode(trx, payload, context),
    });
  }

  /**
   * POST /mana/receive_red_packet. Claims are limited per account and per address (right or wrong), and a
   * code that does not exist, expired, was disabled or is used up all get one answer, so guessing reveals
   * nothing. A gift is wagered like recharged money (needs_bet grows by it × the factor).
   */
  async receiveRedPacket(
    userId: number,
    body: ReceiveRedPacketBody,
    ip: string | null,
  ): Promise<ReceiveRedPacketResponse> {
    const { database, clock, ledger, market, rateLimiter, wagering } = this.dependencies;
    const limit = await rateLimiter.takeAll([
      {
        key: `gift-claim:user:${userId}`,
        limit: GIFT_CLAIMS_PER_USER_PER_MINUTE,
        windowMs: GIFT_CLAIM_WINDOW_MS,
      },
      ...(ip
        ? [
            {
              key: `gift-claim:ip:${ip}`,
              limit: GIFT_CLAIMS_PER_IP_PER_MINUTE,
              windowMs: GIFT_CLAIM_WINDOW_MS,
            },
          ]
        : []),
    ]);
    if (!limit.allowed) throw tooManyRequests(GiftMessage.tooManyTries);
    const user = await findGiftUser(database.db, userId);
    if (!user) throw notFound();
    const mobile = normalizeMobile(body.mobile, market);
    if (!mobile.ok || mobile.mobile !== user.mobile) throw badRequest(GiftMessage.wrongMobile);
    const amountMinor = await runInTransaction(database, async (trx) => {
      // The user's row before the ledger: the gift grows needs_bet (WageringService's locking rule).
      await lockUserRow(trx, database.dialect, userId);
      const code = await lockGiftCodeByCode(trx, database.dialect, body.packet_code);
      const now = clock.now();
      if (!code || Number(code.is_disabled) === 1 || now >= Number(code.expires_at)) {
        throw badRequest(GiftMessage.invalidCode);
      }
      if (await hasClaimedCode(trx, Number(code.id), userId)) throw badRequest(GiftMessage.alreadyClaimed);
      if (Number(code.require_recharge) === 1 && !(await hasCreditedRecharge(trx, userId))) {
        throw badRequest(GiftMessage.needsRecharge);
      }
      const amount = await claimNextPacket(trx, Number(code.id), userId, now);
      if (amount === undefined) throw badRequest(GiftMessage.invalidCode);
      await ledger.transfer(trx, {
        debit: systemAccount('gift_expense'),
        credit: userWallet(userId),
        amountMinor: amount,
        kind: 'gift',
        reference: { type: GIFT_CODE_REFERENCE_TYPE, id: code.code },
        idempotencyKey: giftCodeCreditKey(Number(code.id), userId),
      });
      await wagering.addForRecharge(trx, userId, amount);
      return amount;
    });
    return { code: 200, msg: GiftMessage.redeemed, price: minorToDecimalString(amountMinor) };
  }

  /** GET /user/gift_events: today's three rounds as this player sees them, with the server's time. */
  async events(userId: number): Promise<GiftEventListResponse> {
    const { database, clock } = this.dependencies;
    const now = clock.now();
    const rounds = await this.roundsOfToday(now);
    const joined = await roundsJoinedBy(
      database.db,
      userId,
      rounds.map((round) => Number(round.id)),
    );
    return {
      code: 200,
      server_time: now,
      queryset: rounds.map((round) => {
        const left = Math.max(0, Number(round.receive_limit) - Number(round.opened_count));
        const emptied = left === 0 || Number(round.remaining_minor) < Number(round.min_amount_minor);
        return {
          id: Number(round.id),
          start_time: Number(round.start_at),
          end_time: Number(round.end_at),
          member_available_num: emptied ? 0 : left,
          join_recharge: Number(round.join_recharge) === 1,
          join_relation: Number(round.join_relation) === 1,
          join_bet: Number(round.join_bet) === 1,
          completed: now >= Number(round.end_at) || emptied || joined.has(Number(round.id)),
        };
      }),
    };
  }

  /** POST /user/join_gift_event: opens this round's gift once, if the round is open and the player qualifies. */
  async join(userId: number, roundId: number): Promise<JoinGiftEventResponse> {
    const { database, clock, ledger, wagering } = this.dependencies;
    const user = await findGiftUser(database.db, userId);
    if (!user) throw notFound();
    if (Number(user.event_gift_enable) !== 1) throw badRequest(GiftMessage.eventDisabled);
    const now = clock.now();
    await this.roundsOfToday(now);
    const amountMinor = await runInTransaction(database, async (trx) => {
      // The user's row before the ledger: the gift grows needs_bet (WageringService's locking rule).
      await lockUserRow(trx, database.dialect, userId);
      const round = await lockRound(trx, database.dialect, roundId);
      if (!round) throw notFound(GiftMessage.eventNotFound);
      if (now < Number(round.start_at) || now >= Number(round.end_at))
        throw badRequest(GiftMessage.eventNotOpen);
      if ((await roundsJoinedBy(trx, userId, [roundId])).size > 0)
        throw badRequest(GiftMessage.eventAlreadyJoined);
      if (Number(round.join_recharge) === 1 && !(await hasCreditedRecharge(trx, userId))) {
        throw badRequest(GiftMessage.eventNeedsRecharge);
      }
      if (Number(round.join_relation) === 1 && !(await hasReferred(trx, userId))) {
        throw badRequest(GiftMessage.eventNeedsRelation);
      }
      if (
        Number(round.join_bet) === 1 &&
        !(await hasBetSince(trx, userId, GAME_STAKE_KINDS, this.startOfDay(now)))
      ) {
        throw badRequest(GiftMessage.eventNeedsBet);
      }
      const openersLeft = Number(round.receive_limit) - Number(round.opened_count);
      const amount =
        openersLeft > 0
          ? drawShare(Number(round.remaining_minor), openersLeft, Number(round.min_amount_minor), this.random)
          : undefined;
      if (amount === undefined) throw badRequest(GiftMessage.eventFinished);
      if (!(await recordRoundClaim(trx, { roundId, userId, amountMinor: amount, now }))) {
        throw badRequest(GiftMessage.eventAlreadyJoined);
      }
      await ledger.transfer(trx, {
        debit: systemAccount('gift_expense'),
        credit: userWallet(userId),
        amountMinor: amount,
        kind: 'event_gift',
        reference: { type: GIFT_EVENT_REFERENCE_TYPE, id: roundId },
        idempotencyKey: giftEventCreditKey(roundId, userId),
      });
      await wagering.addForRecharge(trx, userId, amount);
      return amount;
    });
    return { code: 200, msg: 'Congratulations!', price: minorToDecimalString(amountMinor) };
  }

  /**
   * POST /admin/api/gift-codes. A code whose total is above `gifts.single_approval_max_minor` is not made: it
   * becomes a request (HTTP 202) that a second operator approves, with a reason. Every code, approved ones
   * too, counts toward its maker's total of the market day, capped by `gifts.operator_daily_total_max_minor`
   * whoever approves.
   */
  async createCode(
    body: AdminCreateGiftCodeBody,
    operator: OperatorPrincipal,
    ip: string | null,
  ): Promise<{ code: 200; entry: AdminGiftCodeDto } | ApprovalRequestedResponse> {
    const { database, clock, settings, approvals } = this.dependencies;
    const now = clock.now();
    const minimumMinor = Math.max(1, body.min_amount ?? 1);
    if (body.total < body.count * minimumMinor) {
      throw badRequest('total must give every packet at least min_amount');
    }
    if (body.expires_at <= now) throw badRequest('expires_at must be in the future');
    const maker = operatorIdentity(operator);
    const limits = await settings.getMany([
      'gifts.single_approval_max_minor',
      'gifts.operator_daily_total_max_minor',
    ]);
    const { reason, ...fields } = body;
    const needsApproval = body.total > limits['gifts.single_approval_max_minor'];
    if (needsApproval && reason === undefined) throw badRequest(LARGE_GIFT_CODE_NEEDS_REASON);
    const dailyCapMinor = limits['gifts.operator_daily_total_max_minor'];
    const usedTodayMinor = await creatorDailyTotal(database.db, maker.key, this.marketDay(now));
    if (usedTodayMinor + body.total > dailyCapMinor) {
      await this.refuseOverDailyCap(maker.name, body.code, body.total, usedTodayMinor, dailyCapMinor);
    }
    const payload: GiftCodePayload = { ...fields, creator_key: maker.key };
    if (needsApproval && reason !== undefined) {
      if (await giftCodeExists(database.db, body.code)) throw new AppError(409, GiftMessage.codeTaken);
      return approvals.request(
        {
          kind: 'gift_code.create',
          payload,
          summary: `Gift code ${body.code}: ${minorToDecimalString(body.total)} in ${body.count} packets`,
          details: {
            code: body.code,
            total: minorToDecimalString(body.total),
            count: body.count,
            split: body.split,
            min_amount: minorToDecimalString(minimumMinor),
            expires_at: body.expires_at,
            require_recharge: body.require_recharge ?? false,
          },
          amountMinor: body.total,
          approverRoles: ['finance'],
          reason,
        },
        operator,
      );
    }
    let id: number;
    try {
      id = await runInTransaction(database, (trx) =>
        this.insertCode(trx, payload, { operator: maker.name, ip, approvalRequestId: null, now }),
      );
    } catch (error) {
      // Parallel requests passed the check above together; the conditional count refused this one.
      if (!(error instanceof DailyCapReached)) throw error;
      return this.refuseOverDailyCap(maker.name, body.code, body.total, error.usedMinor, error.capMinor);
    }
    return { code: 200, entry: toGiftCodeDto(await this.codeOrThrow(id)) };
  }

  /** The approved request of a large code: made now, counted to its maker's day, and raised as an alert. */
  private async createApprovedCode(
    trx: Kysely<Database>,
    payload: GiftCodePayload,
    context: ApprovalContext,
  ): Promise<Record<string, unknown>> {
    if (payload.expires_at <= context.now) throw badRequest('expires_at must be in the future');
    const id = await this.insertCode(trx, payload, {
      operator: context.approver.name,
      requestedBy: context.requester.name,
      ip: null,
      approvalRequestId: context.requestId,
      now: context.now,
    });
    await this.dependencies.alerts.raise(
      {
        kind: 'large_gift_code',
        severity: 'warning',
        summary: `Gift code ${payload.code} of ${minorToDecimalString(payload.total)} made (asked by ${context.requester.name}, approved by ${context.approver.name})`,
        details: {
          gift_code_id: id,
          code: payload.code,
          total: minorToDecimalString(payload.total),
          count: payload.count,
          requested_by: context.requester.name,
          approved_by: context.approver.name,
          approval_request_id: context.requestId,
        },
      },
      trx,
    );
    return { gift_code_id: id, code: payload.code };
  }

  /**
   * Makes a code and its packets in the caller's transaction, after adding its total to its maker's day
   * (refused over the cap: the check before the request is only a courtesy, this one holds under races).
   */
  private async insertCode(
    trx: Kysely<Database>,
    payload: GiftCodePayload,
    context: {
      operator: string;
      requestedBy?: string;
      ip: string | null;
      approvalRequestId: number | null;
      now: number;
    },
  ): Promise<number> {
    const { settings, audit } = this.dependencies;
    const minimumMinor = Math.max(1, payload.min_amount ?? 1);
    const capMinor = await settings.get('gifts.operator_daily_total_max_minor', trx);
    const day = this.marketDay(context.now);
    const counted = await addToCreatorDailyTotal(trx, {
      creatorKey: payload.creator_key,
      day,
      amountMinor: payload.total,
      capMinor,
      now: context.now,
    });
    if (!counted) throw new DailyCapReached(await creatorDailyTotal(trx, payload.creator_key, day), capMinor);
    const amounts = splitGift(payload.total, payload.count, minimumMinor, payload.split, this.random);
    const created = await insertGiftCode(trx, {
      code: payload.code,
      totalMinor: payload.total,
      count: payload.count,
      split: payload.split,
      minimumMinor,
      expiresAt: payload.expires_at,
      requireRecharge: payload.require_recharge ?? false,
      createdByKey: payload.creator_key,
      approvalRequestId: context.approvalRequestId,
      now: context.now,
    });
    if (created === undefined) throw new AppError(409, GiftMessage.codeTaken);
    await insertPackets(trx, created, amounts);
    await audit.record(
      GiftAuditEvent.giftCodeCreated,
      {
        ip: context.ip,
        detail: {
          id: created,
          code: payload.code,
          total_minor: payload.total,
          count: payload.count,
          operator: context.operator,
          ...(context.requestedBy === undefined ? {} : { requested_by: context.requestedBy }),
          ...(context.approvalRequestId === null ? {} : { approval_request_id: context.approvalRequestId }),
        },
      },
      trx,
    );
    return created;
  }

  /** Refuses a code over its maker's daily cap, after auditing it and raising an alert (both kept). */
  private async refuseOverDailyCap(
    operator: string,
    code: string,
    totalMinor: number,
    usedMinor: number,
    capMinor: number,
  ): Promise<never> {
    const { audit, alerts, clock } = this.dependencies;
    const detail = {
      operator,
      code,
      total_minor: totalMinor,
      used_today_minor: usedMinor,
      cap_minor: capMinor,
    };
    await audit.record(GiftAuditEvent.giftCodeCapReached, { detail });
    await alerts.raise({
      kind: 'operator_gift_cap',
      severity: 'warning',
      summary: `${operator} reached the daily gift-code cap (${minorToDecimalString(usedMinor)} of ${minorToDecimalString(capMinor)}) asking for ${minorToDecimalString(totalMinor)}`,
      details: detail,
      dedupeKey: `operator_gift_cap:${operator}:${this.marketDay(clock.now())}`,
    });
    throw badRequest(dailyCapMessage(usedMinor, capMinor));
  }

  /** GET /admin/api/gift-codes. */
  async listCodes(query: PaginationQuery): Promise<Page<AdminGiftCodeDto>> {
    const page = await listGiftCodes(this.dependencies.database.db, pageWindow(query));
    return pageResponse(page.count, page.rows.map(toGiftCodeDto));
  }

  /** POST /admin/api/gift-codes/:id/disable. */
  async disableCode(id: number, context: OperatorContext): Promise<{ code: 200; entry: AdminGiftCodeDto }> {
    const { database, audit } = this.dependencies;
    if (!(await disableGiftCode(database.db, id))) throw notFound(GiftMessage.notFound);
    await audit.record(GiftAuditEvent.giftCodeDisabled, {
      ip: context.ip,
      detail: { id, operator: context.operator },
    });
    return { code: 200, entry: toGiftCodeDto(await this.codeOrThrow(id)) };
  }

  /** GET /admin/api/gift-codes/:id/claims. */
  async claims(id: number, query: PaginationQuery): Promise<Page<AdminGiftClaimDto>> {
    await this.codeOrThrow(id);
    const page = await listGiftCodeClaims(this.dependencies.database.db, id, pageWindow(query));
    return pageResponse(
      page.count,
      page.rows.map((row) => ({
        user_id: Number(row.claimed_by_user_id),
        price: minorToDecimalString(Number(row.amount_minor)),
        create_time: Number(row.claimed_at),
      })),
    );
  }

  /** GET /admin/api/gift-events: the report of each round. */
  async roundsReport(query: PaginationQuery): Promise<Page<AdminGiftEventRoundDto>> {
    await this.roundsOfToday(this.dependencies.clock.now());
    const page = await listRounds(this.dependencies.database.db, pageWindow(query));
    return pageResponse(page.count, page.rows.map(toRoundDto));
  }

  private async codeOrThrow(id: number): Promise<GiftCodeRow> {
    const row = await findGiftCode(this.dependencies.database.db, id);
    if (!row) throw notFound(GiftMessage.notFound);
    return row;
  }

  /** The market's calendar day of a time, as YYYY-MM-DD. */
  private marketDay(now: number): string {
    const date = zonedDateTime(now, getMarket(this.dependencies.market).timeZone);
    return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
  }

  private startOfDay(now: number): number {
    const { timeZone } = getMarket(this.dependencies.market);
    return zonedWallTimeToEpoch(zonedDateTime(now, timeZone), 0, timeZone);
  }

  /** Today's rounds, made with the current settings the first time anyone asks for them. */
  private async roundsOfToday(now: number): Promise<GiftEventRoundRow[]> {
    const { database, settings, market } = this.dependencies;
    const { timeZone } = getMarket(market);
    const date = zonedDateTime(now, timeZone);
    const day = this.marketDay(now);
    const existing = await listRoundsOfDay(database.db, day);
    if (existing.length === GIFT_EVENT_SLOTS.length) return existing;
    const values = await settings.getMany([
      'gift_events.pool_minor',
      'gift_events.receive_limit',
      'gift_events.min_amount_minor',
      'gift_events.join_recharge',
      'gift_events.join_relation',
      'gift_events.join_bet',
    ]);
    await insertRoundsIfMissing(
      database.db,
      GIFT_EVENT_SLOTS.map(({ slot, startMinute, endMinute }) => ({
        day,
        slot,
        start_at: zonedWallTimeToEpoch(date, startMinute, timeZone),
        end_at: zonedWallTimeToEpoch(date, endMinute, timeZone),
        pool_minor: values['gift_events.pool_minor'],
        remaining_minor: values['gift_events.pool_minor'],
        receive_limit: values['gift_events.receive_limit'],
        min_amount_minor: values['gift_events.min_amount_minor'],
        join_recharge: values['gift_events.join_recharge'] ? 1 : 0,
        join_relation: values['gift_events.join_relation'] ? 1 : 0,
        join_bet: values['gift_events.join_bet'] ? 1 : 0,
        created_at: now,
      })),
    );
    return listRoundsOfDay(database.db, day);
  }
}
