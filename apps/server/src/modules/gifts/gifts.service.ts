import {
  type AdminCreateGiftCodeBody,
  type AdminGiftClaimDto,
  type AdminGiftCodeDto,
  type AdminGiftEventRoundDto,
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
import type { AppDatabase } from '../../db/dialect.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { type LedgerKind, systemAccount, userWallet } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { OperatorContext } from '../shop/shop-audit.ts';
import { cryptoRandomInt, drawShare, type RandomInt, splitGift } from './gift-split.ts';
import {
  claimNextPacket,
  disableGiftCode,
  findGiftCode,
  findGiftUser,
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
} as const;

export interface GiftsServiceDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  settings: SettingsService;
  audit: AuditLog;
  market: MarketCode;
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
  }

  /** POST /mana/receive_red_packet. */
  async receiveRedPacket(userId: number, body: ReceiveRedPacketBody): Promise<ReceiveRedPacketResponse> {
    const { database, clock, ledger, market } = this.dependencies;
    const user = await findGiftUser(database.db, userId);
    if (!user) throw notFound();
    const mobile = normalizeMobile(body.mobile, market);
    if (!mobile.ok || mobile.mobile !== user.mobile) throw badRequest(GiftMessage.wrongMobile);
    const amountMinor = await runInTransaction(database, async (trx) => {
      const code = await lockGiftCodeByCode(trx, database.dialect, body.packet_code);
      if (!code) throw notFound(GiftMessage.unknownCode);
      const now = clock.now();
      if (Number(code.is_disabled) === 1) throw badRequest(GiftMessage.disabled);
      if (now >= Number(code.expires_at)) throw badRequest(GiftMessage.expired);
      if (await hasClaimedCode(trx, Number(code.id), userId)) throw badRequest(GiftMessage.alreadyClaimed);
      if (Number(code.require_recharge) === 1 && !(await hasCreditedRecharge(trx, userId))) {
        throw badRequest(GiftMessage.needsRecharge);
      }
      const amount = await claimNextPacket(trx, Number(code.id), userId, now);
      if (amount === undefined) throw badRequest(GiftMessage.exhausted);
      await ledger.transfer(trx, {
        debit: systemAccount('gift_expense'),
        credit: userWallet(userId),
        amountMinor: amount,
        kind: 'gift',
        reference: { type: GIFT_CODE_REFERENCE_TYPE, id: code.code },
        idempotencyKey: giftCodeCreditKey(Number(code.id), userId),
      });
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
    const { database, clock, ledger } = this.dependencies;
    const user = await findGiftUser(database.db, userId);
    if (!user) throw notFound();
    if (Number(user.event_gift_enable) !== 1) throw badRequest(GiftMessage.eventDisabled);
    const now = clock.now();
    await this.roundsOfToday(now);
    const amountMinor = await runInTransaction(database, async (trx) => {
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
      return amount;
    });
    return { code: 200, msg: 'Congratulations!', price: minorToDecimalString(amountMinor) };
  }

  /** POST /admin/api/gift-codes. */
  async createCode(
    body: AdminCreateGiftCodeBody,
    context: OperatorContext,
  ): Promise<{ code: 200; entry: AdminGiftCodeDto }> {
    const { database, clock, audit } = this.dependencies;
    const now = clock.now();
    const minimumMinor = Math.max(1, body.min_amount ?? 1);
    if (body.total < body.count * minimumMinor) {
      throw badRequest('total must give every packet at least min_amount');
    }
    if (body.expires_at <= now) throw badRequest('expires_at must be in the future');
    const amounts = splitGift(body.total, body.count, minimumMinor, body.split, this.random);
    const id = await runInTransaction(database, async (trx) => {
      const created = await insertGiftCode(trx, {
        code: body.code,
        totalMinor: body.total,
        count: body.count,
        split: body.split,
        minimumMinor,
        expiresAt: body.expires_at,
        requireRecharge: body.require_recharge ?? false,
        now,
      });
      if (created === undefined) throw new AppError(409, GiftMessage.codeTaken);
      await insertPackets(trx, created, amounts);
      await audit.record(
        GiftAuditEvent.giftCodeCreated,
        {
          ip: context.ip,
          detail: {
            id: created,
            code: body.code,
            total_minor: body.total,
            count: body.count,
            operator: context.operator,
          },
        },
        trx,
      );
      return created;
    });
    return { code: 200, entry: toGiftCodeDto(await this.codeOrThrow(id)) };
  }

  /** GET /admin/api/gift-codes. */
  async listCodes(query: PaginationQuery): Promise<Page<AdminGiftCodeDto>> {
    const page = await listGiftCodes(this.dependencies.database.db, pageWindow(query));
    return pageResponse(page.count, page.rows.map(toGiftCodeDto));
  }

  /** POST /admin/api/gift-codes/:id/disable. */
  async disableCode(id: number, context: OperatorContext): Promise<{ code: 200; entry: AdminGiftCodeDto }> {
    const { database, audit } = this.dependencies;
    if (!(await disableGiftCode(database.db, id))) throw notFound(GiftMessage.unknownCode);
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
    if (!row) throw notFound(GiftMessage.unknownCode);
    return row;
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
    const day = `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
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
