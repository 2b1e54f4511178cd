import {
  type AddUserGuessBody,
  type AddUserGuessResponse,
  COLOUR_CATEGORIES,
  COLOUR_PERIOD_MS,
  type ColourCategory,
  type ColourChainCommitmentsResponse,
  type ColourFairnessResponse,
  type ColourListQuery,
  ColourMessage,
  digitColours,
  type GuessPeriodDto,
  type GuessPeriodListResponse,
  getMarket,
  type MarketCode,
  majorToMinor,
  minorToDecimalString,
  type NextPeriodInfoResponse,
  periodNumberAt,
  periodStartFromNumber,
  periodStartMs,
  secondsRemaining,
  type UserGuessDto,
  type UserGuessListResponse,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../../db/dialect.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { badRequest, notFound } from '../../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../../http/pagination.ts';
import type { Clock } from '../../../platform/clock.ts';
import { incrementBucket } from '../../accounts/rate-limit.repository.ts';
import type { IdempotencyService } from '../../idempotency/idempotency.service.ts';
import { systemAccount, userWallet } from '../../ledger/ledger.kinds.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import {
  findPeriod,
  findRevealedSeed,
  insertBet,
  listSettledPeriods,
  listUserBets,
  sharePeriod,
} from './colour.repository.ts';
import type { ColourBetRow, ColourPeriodRow } from './colour.tables.ts';
import {
  assertOpenPeriod,
  betRow,
  COLOUR_BET_RATE_WINDOW_MS,
  COLOUR_BETS_PER_USER_PER_WINDOW,
  ColourBetIntake,
  type ColourBetRequest,
  colourBetBucketKey,
  rateLimited,
} from './colour-bet-intake.service.ts';
import { type ColourChainService, chainIndexOf } from './colour-chain.service.ts';
import { COLOUR_BET_REFERENCE_TYPE, colourStakeKey } from './colour-settlement.service.ts';

/** The Idempotency-Key of a request and the route it is scoped to. */
export interface IdempotencyScope {
  readonly key: string | undefined;
  readonly route: string;
}

export interface ColourGameServiceDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  settings: SettingsService;
  idempotency: IdempotencyService;
  chains: ColourChainService;
  market: MarketCode;
  /** Told when a batch of bets fails and is taken bet by bet. */
  logger?: FastifyBaseLogger;
}

/** A settled period as a public row. */
export function toGuessPeriodDto(
  row: Pick<ColourPeriodRow, 'period' | 'price' | 'result_number'>,
): GuessPeriodDto {
  const digit = row.result_number ?? 0;
  const colours = digitColours(digit);
  return {
    period: row.period,
    price: row.price ?? 0,
    last_num: digit,
    is_red: colours.red,
    is_green: colours.green,
    is_violet: colours.violet,
  };
}

/** A bet as the user's record (spec 02 §3 "User guess"). */
export function toUserGuessDto(row: ColourBetRow): UserGuessDto {
  return {
    id: row.id,
    category: row.room,
    period: row.period,
    status: row.status,
    type: row.guess_type,
    number: row.guess_number,
    contract_money: minorToDecimalString(row.contract_money_minor),
    contract_count: row.contract_count,
    delivery: minorToDecimalString(row.contract_minor),
    fee: minorToDecimalString(row.fee_minor),
    open_price: row.open_price,
    result: row.result_number === null ? null : String(row.result_number),
    amount: minorToDecimalString(row.amount_minor),
    create_time: row.created_at,
  };
}

/**
 * The player's side of the colour game: bets on the open period, checked against the server clock only,
 * and the period info, history, records and fairness answers.
 */
export class ColourGameService {
  private readonly timeZone: string;
  private readonly presetsMinor: ReadonlySet<number>;
  /** Every period starting in [from, through) is covered by a committed chain in every room. */
  private committed = { from: 0, through: 0 };
  /** The group commit that POST /win/add_user_guess goes through. */
  readonly intake: ColourBetIntake;

  constructor(private readonly dependencies: ColourGameServiceDependencies) {
    const market = getMarket(dependencies.market);
    this.timeZone = market.timeZone;
    this.presetsMinor = new Set(market.contractMoneyPresets.map((preset) => majorToMinor(preset)));
    this.intake = new ColourBetIntake({
      database: dependencies.database,
      clock: dependencies.clock,
      ledger: dependencies.ledger,
      idempotency: dependencies.idempotency,
      chains: dependencies.chains,
      timeZone: this.timeZone,
      single: (request) => this.addGuessAlone(request.userId, request.body, request),
      ...(dependencies.logger ? { logger: dependencies.logger } : {}),
    });
  }

  /**
   * POST /win/add_user_guess: checks what needs no database (the contract money is a preset, the period is
   * the open one with more than 30 s left), then hands the bet to the group commit, which answers exactly
   * as addGuessAlone would.
   */
  async addGuess(
    userId: number,
    body: AddUserGuessBody,
    scope: IdempotencyScope,
  ): Promise<AddUserGuessResponse> {
    if (!this.presetsMinor.has(body.contractMoneyMinor))
      throw badRequest(ColourMessage.contractMoneyNotPreset);
    this.assertOpenPeriod(body.period, this.dependencies.clock.now());
    const request: ColourBetRequest = { userId, body, key: scope.key, route: scope.route };
    return this.intake.submit(request);
  }

  /**
   * One bet in its own transaction (the path a failed batch falls back to): the period must be the open one
   * by the server's clock with more than 30 s left; the stake (money × count) moves from the wallet to game
   * escrow in the same transaction as the bet row, which holds its period row FOR SHARE so that the
   * settlement waits for it (or it sees the period settled and is refused); the per-user betting limit
   * counts the bet last, so a refused bet counts nothing.
   */
  async addGuessAlone(
    userId: number,
    body: AddUserGuessBody,
    scope: IdempotencyScope,
  ): Promise<AddUserGuessResponse> {
    const { database, clock, ledger, idempotency, chains } = this.dependencies;
    if (!this.presetsMinor.has(body.contractMoneyMinor))
      throw badRequest(ColourMessage.contractMoneyNotPreset);
    this.assertOpenPeriod(body.period, clock.now());
    const result = await runInTransaction(database, (trx) =>
      idempotency.withIdempotency(
        trx,
        { userId, route: scope.route, key: scope.key, requestBody: body },
        async () => {
          // Checked again inside: the transaction may have waited for a lock past the close.
          const now = clock.now();
          const startAt = this.assertOpenPeriod(body.period, now);
          // The period's row exists from its first bet on: later bets read it and nothing else.
          let period = await sharePeriod(trx, database.dialect, body.category, body.period);
          if (!period) {
            const wanted = { room: body.category, period: body.period, startAt };
            if (!(await chains.ensurePeriodRow(trx, wanted, now)))
              throw badRequest(ColourMessage.periodClosed);
            period = await sharePeriod(trx, database.dialect, body.category, body.period);
          }
          if (period?.status !== 'open') throw badRequest(ColourMessage.periodClosed);
          const row = betRow(userId, body, period, now);
          const betId = await insertBet(trx, row);
          // An InsufficientBalanceError (400) rolls the bet row back with everything else.
          await ledger.transfer(trx, {
            debit: userWallet(userId),
            credit: systemAccount('game_escrow'),
            amountMinor: row.stake_minor,
            kind: 'colour_bet',
            reference: { type: COLOUR_BET_REFERENCE_TYPE, id: betId },
            idempotencyKey: colourStakeKey(betId),
          });
          const windowStart = now - (now % COLOUR_BET_RATE_WINDOW_MS);
          const hits = await incrementBucket(
            trx,
            colourBetBucketKey(userId, windowStart),
            windowStart + COLOUR_BET_RATE_WINDOW_MS,
          );
          // Thrown last, so that the bet, its stake and this count roll back together.
          if (hits > COLOUR_BETS_PER_USER_PER_WINDOW) {
            throw rateLimited(windowStart + COLOUR_BET_RATE_WINDOW_MS - now);
          }
          return { code: 200 as const, msg: ColourMessage.betCompleted, id: betId };
        },
      ),
    );
    return result.body;
  }

  /**
   * GET /win/next_period_info: the period a bet goes to. Only a period with a committed chain takes bets,
   * so on a fresh start (the period under way has none) it offers the chain's first period and says when
   * betting opens, instead of a countdown on a period that refuses every bet.
   */
  async nextPeriodInfo(userId: number): Promise<NextPeriodInfoResponse> {
    const { database, clock, ledger, settings } = this.dependencies;
    const now = clock.now();
    const firstStart = await this.firstBettablePeriodStart(now);
    const periodStart = firstStart ?? periodStartMs(now);
    return {
      code: 200,
      balance: minorToDecimalString(await ledger.balanceMinor(database.db, userId)),
      next_period: periodNumberAt(periodStart, this.timeZone),
      notice_content: await settings.get('colour.notice'),
      count_down_sec: secondsRemaining(now) + (periodStart - periodStartMs(now)) / 1000,
      betting_opens_in_sec: firstStart === undefined ? null : Math.ceil(Math.max(firstStart - now, 0) / 1000),
    };
  }

  /**
   * The start of the first period from now on that every room's chain covers. Committed chains never
   * change, so once the period under way is covered everywhere, the periods before the end of the shortest
   * covering chain are known to be covered and need no query.
   */
  private async firstBettablePeriodStart(now: number): Promise<number | undefined> {
    const { database, chains } = this.dependencies;
    const openStart = periodStartMs(now);
    if (openStart >= this.committed.from && openStart < this.committed.through) return openStart;
    const firstStart = await chains.firstCommittedPeriodStart(database.db, COLOUR_CATEGORIES, now);
    if (firstStart === openStart) {
      const through = await chains.committedThrough(database.db, COLOUR_CATEGORIES, openStart);
      this.committed = { from: openStart, through };
    }
    return firstStart;
  }

  /** GET /win/guesses: the room's settled periods, newest first. */
  async guesses(query: ColourListQuery): Promise<GuessPeriodListResponse> {
    const page = await listSettledPeriods(this.dependencies.database.db, query.category, pageWindow(query));
    return pageResponse(page.count, page.rows.map(toGuessPeriodDto));
  }

  /** GET /win/my_guesses: the user's bets of a room, newest first. */
  async myGuesses(userId: number, query: ColourListQuery): Promise<UserGuessListResponse> {
    const page = await listUserBets(this.dependencies.database.db, userId, query.category, pageWindow(query));
    return pageResponse(page.count, page.rows.map(toUserGuessDto));
  }

  /** GET /win/fairness: the chain's terminal hash, and the seed and result once the period is settled. */
  async fairness(room: ColourCategory, period: string): Promise<ColourFairnessResponse> {
    const { database, chains } = this.dependencies;
    const startAt = periodStartFromNumber(period, this.timeZone);
    if (startAt === undefined) throw badRequest('period must be a period number such as 20250305001');
    const chain = await chains.chainFor(database.db, room, startAt);
    if (!chain) {
      // An ended period without a chain was never committed to: it took no bets and has no result.
      const ended = startAt + COLOUR_PERIOD_MS <= this.dependencies.clock.now();
      throw notFound(ended ? ColourMessage.periodNotDrawn : ColourMessage.periodNotFound);
    }
    const chainIndex = chainIndexOf(chain, startAt);
    const row = await findPeriod(database.db, room, period);
    const settled = row?.status === 'settled';
    const previousSeed =
      settled && chainIndex > 1 ? await findRevealedSeed(database.db, chain.id, chainIndex - 1) : undefined;
    return {
      code: 200,
      category: room,
      period,
      terminal_hash: chain.terminal_hash,
      chain_index: chainIndex,
      settled,
      seed: settled ? (row?.seed_hex ?? null) : null,
      previous_seed: previousSeed ?? null,
      price: settled ? (row?.price ?? null) : null,
      number: settled ? (row?.result_number ?? null) : null,
    };
  }

  /** GET /win/fairness/chains: the published commitments of one room, or of every room. */
  async chainCommitments(room: ColourCategory | undefined): Promise<ColourChainCommitmentsResponse> {
    const { database, chains, clock } = this.dependencies;
    const rooms = room === undefined ? COLOUR_CATEGORIES : [room];
    return { code: 200, chains: await chains.commitments(database.db, rooms, clock.now(), this.timeZone) };
  }

  /** The start of the period if it is the open one at `now` with betting still open; else a 400. */
  private assertOpenPeriod(period: string, now: number): number {
    return assertOpenPeriod(period, now, this.timeZone);
  }
}
