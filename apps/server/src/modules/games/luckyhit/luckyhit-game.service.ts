import {
  type AdminLuckyHitRoundDto,
  type AdminLuckyHitRoundsResponse,
  getMarket,
  LUCKY_HIT_HISTORY_LENGTH,
  LUCKY_HIT_MAX_STAKE,
  type LuckyHitBetCommand,
  type LuckyHitBetResultData,
  type LuckyHitGroupInfoData,
  type LuckyHitLatestResultsData,
  LuckyHitMessage,
  type LuckyHitRoundDetailResponse,
  type LuckyHitUserRecordDto,
  type LuckyHitUserRecordsResponse,
  luckyHitFeeMinor,
  luckyHitPeriodAt,
  luckyHitRoundStartMs,
  type MarketCode,
  majorToMinor,
  minorToDecimalString,
  type PaginationQuery,
  ResponseCode,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { readTogether } from '../../../db/combined-statements.ts';
import type { AppDatabase } from '../../../db/dialect.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../../http/pagination.ts';
import type { Clock } from '../../../platform/clock.ts';
import { planReadPlayerAccess } from '../../accounts/user-access.repository.ts';
import { systemAccount, userWallet } from '../../ledger/ledger.kinds.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import {
  countUserBetsInRound,
  findRevealedSeed,
  findRound,
  insertBet,
  latestSettledRounds,
  listSettledRounds,
  listUserBets,
  shareRound,
  type UserBetWithRound,
} from './luckyhit.repository.ts';
import type { LuckyHitRoundRow } from './luckyhit.tables.ts';
import {
  accessRefusal,
  assertOpenLuckyHitRound,
  LUCKY_HIT_BETS_PER_USER_PER_ROUND,
  LuckyHitBetIntake,
  tooManyBetsInRound,
} from './luckyhit-bet-intake.service.ts';
import type { LuckyHitChainService } from './luckyhit-chain.service.ts';
import { LUCKY_HIT_BET_REFERENCE_TYPE, luckyHitStakeKey } from './luckyhit-settlement.service.ts';

export interface LuckyHitGameServiceDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  chains: LuckyHitChainService;
  market: MarketCode;
  logger?: FastifyBaseLogger | undefined;
}

/** A bet as the user's record (spec 02 §3 "Lucky Hit user record"). */
export function toUserRecordDto(row: UserBetWithRound): LuckyHitUserRecordDto {
  const settled = row.status !== 'W';
  return {
    id: row.id,
    period: row.period,
    status: row.status,
    change_amount: minorToDecimalString(settled ? row.payout_minor - row.stake_minor : 0),
    delivery: minorToDecimalString(row.contract_minor),
    fee: minorToDecimalString(row.fee_minor),
    open_type: settled ? row.winner : null,
    result: minorToDecimalString(row.payout_minor),
    lucky_hit_odds: settled ? row.lucky_hit_odds : null,
    type: row.bet_type,
    bet_price: minorToDecimalString(row.stake_minor),
    create_time: row.created_at,
  };
}

/** A settled round for the operator. */
export function toAdminRoundDto(row: LuckyHitRoundRow): AdminLuckyHitRoundDto {
  return {
    period: row.period,
    result: row.winner ?? 'B',
    lucky_hit_odds: row.lucky_hit_odds ?? 0,
    bet_count: row.bet_count,
    stake_total: minorToDecimalString(row.stake_total_minor),
    fee_total: minorToDecimalString(row.fee_total_minor),
    payout_total: minorToDecimalString(row.payout_total_minor),
    house_take: minorToDecimalString(row.house_take_minor),
    settle_time: row.settled_at ?? 0,
  };
}

const parseJson = <T>(text: string | null, what: string): T => {
  if (text === null) throw new Error(`settled luckyhit round without ${what}`);
  return JSON.parse(text) as T;
};

/**
 * The player's side of Lucky Hit: bets (socket cmd 3015, taken only inside the betting window by the
 * server's clock, through the group commit of LuckyHitBetIntake), records, round details for verification,
 * and what the live channel sends on connect. Early access (spec 02 §6) is checked at the edges, with the
 * session (the socket's authorize and the calls' requireEarlyAccess guard), and again with each bet, so an
 * operator clearing the flag stops the bets of sockets opened before.
 */
export class LuckyHitGameService {
  private readonly timeZone: string;
  private readonly minStakeMinor: number;
  private readonly minStakeMajor: number;
  /** The group commit every bet goes through. */
  readonly intake: LuckyHitBetIntake;

  constructor(private readonly dependencies: LuckyHitGameServiceDependencies) {
    const market = getMarket(dependencies.market);
    this.timeZone = market.timeZone;
    this.minStakeMajor = market.luckyHitMinStake;
    this.minStakeMinor = majorToMinor(market.luckyHitMinStake);
    this.intake = new LuckyHitBetIntake({
      database: dependencies.database,
      clock: dependencies.clock,
      ledger: dependencies.ledger,
      chains: dependencies.chains,
      timeZone: this.timeZone,
      single: (request) => this.takeBetAlone(request.userId, request.command),
      logger: dependencies.logger,
    });
  }

  /**
   * Takes one bet (cmd 3015) and answers cmd 3016 once its batch has committed: what needs no database (the
   * stake within the market's bounds, the round under way with betting open by the server's clock) is
   * checked here, the rest by the intake, which answers each bet as takeBetAlone would. A refusal answers
   * its code and message; money moves only on 200.
   */
  async placeBet(userId: number, command: LuckyHitBetCommand): Promise<LuckyHitBetResultData> {
    const answer = (status: number, msg: string): LuckyHitBetResultData => ({
      status,
      msg,
      period: command.period,
      betPrice: minorToDecimalString(command.stakeMinor),
    });
    try {
      this.assertStakeBounds(command.stakeMinor);
      assertOpenLuckyHitRound(command.period, this.dependencies.clock.now(), this.timeZone);
      await this.intake.submit({ userId, command });
      return answer(ResponseCode.ok, LuckyHitMessage.betCompleted);
    } catch (error) {
      if (error instanceof AppError) return answer(error.code, error.message);
      throw error;
    }
  }

  private assertStakeBounds(stakeMinor: number): void {
    if (stakeMinor < this.minStakeMinor) throw badRequest(LuckyHitMessage.stakeTooSmall(this.minStakeMajor));
    if (stakeMinor > majorToMinor(LUCKY_HIT_MAX_STAKE))
      throw badRequest(LuckyHitMessage.stakeTooLarge(LUCKY_HIT_MAX_STAKE));
  }

  /**
   * One bet in its own transaction (the path a failed batch falls back to), by the same rules as a batch:
   * the stake within bounds, the round under way with betting open, the player's access now, at most
   * LUCKY_HIT_BETS_PER_USER_PER_ROUND bets in the round; the stake moves from the wallet to game escrow in
   * the same transaction as the bet row, which holds the round row FOR SHARE so that the settlement waits
   * for it (or it sees the round settled and is refused). Answers the bet's id.
   */
  async takeBetAlone(userId: number, command: LuckyHitBetCommand): Promise<number> {
    const { database, clock, ledger, chains } = this.dependencies;
    this.assertStakeBounds(command.stakeMinor);
    assertOpenLuckyHitRound(command.period, clock.now(), this.timeZone);
    return runInTransaction(database, async (trx) => {
      // Checked again inside: the transaction may have waited for a lock past the close.
      const now = clock.now();
      const startAt = assertOpenLuckyHitRound(command.period, now, this.timeZone);
      let round = await shareRound(trx, database.dialect, command.period);
      if (!round) {
        if (!(await chains.ensureRoundRow(trx, { period: command.period, startAt }, now)))
          throw badRequest(LuckyHitMessage.bettingClosed);
        round = await shareRound(trx, database.dialect, command.period);
      }
      if (round?.status !== 'open') throw badRequest(LuckyHitMessage.bettingClosed);
      const { access } = await readTogether(trx, database.dialect, {
        access: planReadPlayerAccess([userId]),
      });
      const refusal = accessRefusal(access.get(userId));
      if (refusal) throw refusal;
      if ((await countUserBetsInRound(trx, round.id, userId)) >= LUCKY_HIT_BETS_PER_USER_PER_ROUND) {
        throw tooManyBetsInRound();
      }
      const feeMinor = luckyHitFeeMinor(command.stakeMinor);
      const betId = await insertBet(trx, {
        user_id: userId,
        round_id: round.id,
        period: command.period,
        bet_type: command.betType,
        client_seed: command.clientSeed,
        stake_minor: command.stakeMinor,
        fee_minor: feeMinor,
        contract_minor: command.stakeMinor - feeMinor,
        status: 'W',
        created_at: now,
        settled_at: null,
      });
      // An InsufficientBalanceError (400) rolls the bet row back with everything else.
      await ledger.transfer(trx, {
        debit: userWallet(userId),
        credit: systemAccount('game_escrow'),
        amountMinor: command.stakeMinor,
        kind: 'luckyhit_bet',
        reference: { type: LUCKY_HIT_BET_REFERENCE_TYPE, id: betId },
        idempotencyKey: luckyHitStakeKey(betId),
      });
      return betId;
    });
  }

  /** GET /luckyhit/user_records: the user's bets, newest first. */
  async userRecords(userId: number, query: PaginationQuery): Promise<LuckyHitUserRecordsResponse> {
    const page = await listUserBets(this.dependencies.database.db, userId, pageWindow(query));
    return pageResponse(page.count, page.rows.map(toUserRecordDto));
  }

  /** GET /luckyhit/round_detail: a dealt round's seeds, draws and cards, so the player can re-deal it. */
  async roundDetail(period: string): Promise<LuckyHitRoundDetailResponse> {
    const { database, chains } = this.dependencies;
    const row = await findRound(database.db, period);
    if (!row) throw notFound(LuckyHitMessage.roundNotFound);
    if (row.status !== 'settled' || row.seed_hex === null) throw notFound(LuckyHitMessage.roundNotDealt);
    const chain = await chains.chainFor(database.db, row.start_at);
    if (!chain || chain.id !== row.chain_id) throw new Error(`luckyhit round ${period} lost its chain`);
    const previousSeed =
      row.chain_index > 1 ? await findRevealedSeed(database.db, chain.id, row.chain_index - 1) : undefined;
    return {
      code: 200,
      entity: {
        period: row.period,
        seed: row.seed_hex,
        previous_seed: previousSeed ?? null,
        terminal_hash: chain.terminal_hash,
        chain_index: row.chain_index,
        client_seeds: parseJson<string[]>(row.client_seeds_json, 'client seeds'),
        draws: parseJson<number[]>(row.draws_json, 'draws'),
        cards1: parseJson<Array<{ t: number; n: number }>>(row.cards1_json, 'cards1'),
        cards2: parseJson<Array<{ t: number; n: number }>>(row.cards2_json, 'cards2'),
        black_win: row.winner === 'B',
        lucky_hit_odds: row.lucky_hit_odds ?? 0,
      },
    };
  }

  /** cmd 3008: the latest 48 results, newest first. */
  async latestResults(): Promise<LuckyHitLatestResultsData> {
    const rows = await latestSettledRounds(this.dependencies.database.db, LUCKY_HIT_HISTORY_LENGTH);
    return {
      results: rows.map((row) => ({
        period: row.period,
        result: row.winner ?? 'B',
        luckyHitOdds: row.lucky_hit_odds ?? 0,
      })),
    };
  }

  /** cmd 3002: the round under way by the server's clock. */
  groupInfo(now = this.dependencies.clock.now()): LuckyHitGroupInfoData {
    return {
      periodInfo: {
        period: luckyHitPeriodAt(now, this.timeZone),
        startTime: luckyHitRoundStartMs(now),
        serverTime: now,
      },
    };
  }

  /** GET /admin/api/luckyhit/rounds: settled rounds with the house's figures, newest first. */
  async operatorRounds(query: PaginationQuery): Promise<AdminLuckyHitRoundsResponse> {
    const page = await listSettledRounds(this.dependencies.database.db, pageWindow(query));
    return pageResponse(page.count, page.rows.map(toAdminRoundDto));
  }
}
