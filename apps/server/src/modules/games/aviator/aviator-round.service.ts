import {
  AVIATOR_SEED_SLOTS,
  AviatorMessage,
  aviatorFeeMinor,
  aviatorFillerSeed,
  aviatorResult,
  aviatorServerSeedHash,
  aviatorTimeToReach,
  aviatorWinMinor,
  ResponseCode,
  ServerMessage,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../../db/dialect.ts';
import type { Database } from '../../../db/schema.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { AppError, forbidden } from '../../../http/app-error.ts';
import type { Clock } from '../../../platform/clock.ts';
import { isSessionLive } from '../../accounts/session.service.ts';
import { systemAccount, userWallet } from '../../ledger/ledger.kinds.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { postBulkWalletCredits } from '../../ledger/ledger-bulk.repository.ts';
import type { ReferralBonusAccrual } from '../../promotion/promotion-accrual.service.ts';
import { deriveLink, type GeneratedChain, generateChain } from '../colour/colour-chain.service.ts';
import type { SettledBetsWagering } from '../colour/colour-settlement.service.ts';
import {
  type BettorRow,
  cashedBetStakes,
  cashedBetWins,
  findCheckpointAtOrAbove,
  findLatestChain,
  firstBets,
  highestUsedLink,
  insertBet,
  insertChain,
  insertRound,
  lockBettor,
  lockRound,
  lostStakes,
  markBetsCashed,
  markOpenBetsLost,
  markOpenBetsRefunded,
  markRoundFinished,
  markRoundFlying,
  settledFees,
  settledTotals,
} from './aviator.repository.ts';
import type { AviatorChainRow, AviatorRoundRow } from './aviator.tables.ts';

/** Links per chain (DESIGN.md §3 "Fairness"). */
export const AVIATOR_CHAIN_LENGTH = 1_000_000;
/** The ledger reference type of a bet's stake, win or refund; its id is the bet id. */
export const AVIATOR_BET_REFERENCE_TYPE = 'aviator_bet';
/** The ledger reference type of a round's fee and house legs; its id is the round id. */
export const AVIATOR_ROUND_REFERENCE_TYPE = 'aviator_round';
/** The log message of each committed chain (its publication). */
export const AVIATOR_CHAIN_COMMITTED_LOG = 'aviator chain committed';

export const aviatorStakeKey = (betId: number) => `aviator_bet:${betId}`;
export const aviatorWinKey = (betId: number) => `aviator_win:${betId}`;
export const aviatorRefundKey = (betId: number) => `aviator_refund:${betId}`;
export const aviatorFeeKey = (roundId: number) => `aviator_fee:${roundId}`;
export const aviatorHouseKey = (roundId: number) => `aviator_house:${roundId}`;

/** A round as the engine opened it: its seed stays in memory and the database, never on the wire. */
export interface OpenedRound {
  readonly id: number;
  readonly period: number;
  readonly startedAt: number;
  readonly bettingEndsAt: number;
  readonly serverSeed: string;
  /** SHA-256 of the server seed: the "next server seed" shown before the round. */
  readonly serverSeedHash: string;
}

/** The flight fixed at the close of betting. */
export interface ClosedRound {
  readonly takeoffAt: number;
  readonly crashAt: number;
  readonly resultHundredths: number;
}

export interface PlaceBetRequest {
  readonly roundId: number;
  readonly period: number;
  readonly userId: number;
  /** The session of the socket the bet came from: it must still be live when the bet is taken. */
  readonly sessionId: number;
  readonly seq: number;
  readonly clientSeed: string;
  readonly stakeMinor: number;
  readonly autoCashOutHundredths: number | null;
}

/** A bet taken: its id and the bettor's nickname from the profile (what the players list shows). */
export interface PlacedBet {
  readonly betId: number;
  readonly nickName: string;
}

/** The longest nickname a bet row keeps. */
const BET_NICK_NAME_MAX_LENGTH = 40;

/**
 * The refusal of a bet whose bettor lost access since the socket opened (spec 02 §6): 401 once the session
 * ended (revoked, idle, not the bettor's) or the account is suspended, as the session lookup refuses them;
 * 403 without early access, as the socket's authorize does.
 */
export function bettorRefusal(bettor: BettorRow | undefined, now: number): AppError | undefined {
  const sessionEnded =
    !bettor ||
    bettor.suspended_at !== null ||
    bettor.last_used_at === null ||
    !isSessionLive({ revoked_at: bettor.revoked_at, last_used_at: bettor.last_used_at }, now);
  if (sessionEnded) return new AppError(ResponseCode.unauthorized, ServerMessage.unauthorized);
  if (bettor.is_early !== 1) return forbidden(AviatorMessage.earlyAccessRequired);
  return undefined;
}

/** One cash-out of a group: the bet, its stake as the leader holds it, and the multiplier it is valued at. */
export interface CashOutRequest {
  readonly betId: number;
  readonly stakeMinor: number;
  readonly hundredths: number;
}

/** Most cash-outs one group transaction closes (a bounded statement; the engine commits the rest next). */
export const AVIATOR_MAX_CASH_OUT_GROUP = 2_000;

export interface AviatorRoundServiceDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  wagering: SettledBetsWagering;
  logger: FastifyBaseLogger;
  chainLength?: number;
  /** Pays referrers their share of the round's settled fees (the promotion module); none in some tests. */
  referralBonuses?: ReferralBonusAccrual;
  /**
   * Told of each round voided because its leader could not finish it, in the voiding transaction (the
   * console's alert list shows every voided round: a house that voids rounds is visible to its auditors).
   */
  onRoundVoided?: (trx: Kysely<Database>, round: VoidedRound) => Promise<void>;
}

/** What a voided round's notice says. */
export interface VoidedRound {
  readonly roundId: number;
  readonly period: string;
  readonly refundedBets: number;
  readonly refundedMinor: number;
}

/**
 * The crash game's database side: hash chains, rounds, bets and every movement of money, each one
 * transaction (DESIGN.md §3 "Crash game"). The stake goes from the wallet to game escrow with the bet row; a
 * cash-out pays (stake − fee) × multiplier from the house in the transaction that closes the bet (guarded by
 * status = 'open', so exactly once), the cash-outs of one moment together in one set-based transaction; the round's settlement marks the rest lost and moves the settled bets'
 * fees to fee revenue and their contracts to the house; a refund gives an unfinished round's open stakes back.
 */
export class AviatorRoundService {
  private readonly chainLength: number;
  /** The chain generations in progress, each abandoned by its own signal when the engine stops. */
  private readonly chainGenerations = new Set<AbortController>();

  constructor(private readonly dependencies: AviatorRoundServiceDependencies) {
    this.chainLength = dependencies.chainLength ?? AVIATOR_CHAIN_LENGTH;
  }

  /** Opens a round in betting on the next link of the current chain (a new chain first when it is used up). */
  async openRound(now: number, bettingMs: number): Promise<OpenedRound> {
    const { database } = this.dependencies;
    let chain = await findLatestChain(database.db);
    let used = chain ? await highestUsedLink(database.db, chain.id) : 0;
    if (!chain || used >= chain.chain_length) {
      chain = await this.commitChain();
      used = 0;
    }
    const chainIndex = used + 1;
    const serverSeed = await this.seedOf(chain, chainIndex);
    // Tenths of a second: unique while rounds are at least that far apart, which the betting window ensures.
    const period = Math.floor(now / 100);
    const bettingEndsAt = now + bettingMs;
    const id = await insertRound(database.db, {
      period,
      chainId: chain.id,
      chainIndex,
      startedAt: now,
      bettingEndsAt,
    });
    return {
      id,
      period,
      startedAt: now,
      bettingEndsAt,
      serverSeed,
      serverSeedHash: await aviatorServerSeedHash(serverSeed),
    };
  }

  /** The server seed of a round row. */
  async serverSeedOfRound(round: Pick<AviatorRoundRow, 'chain_id' | 'chain_index'>): Promise<string> {
    const chain = await this.dependencies.database.db
      .selectFrom('aviator_chains')
      .selectAll()
      .where('id', '=', round.chain_id)
      .executeTakeFirstOrThrow();
    return this.seedOf(chain, round.chain_index);
  }

  private async seedOf(chain: AviatorChainRow, linkIndex: number): Promise<string> {
    if (linkIndex < 1 || linkIndex > chain.chain_length)
      throw new Error(`link ${linkIndex} is outside chain ${chain.id}`);
    const checkpoint = await findCheckpointAtOrAbove(this.dependencies.database.db, chain.id, linkIndex);
    if (!checkpoint) throw new Error(`chain ${chain.id} has no checkpoint at or above ${linkIndex}`);
    return deriveLink(checkpoint.link_hex, checkpoint.link_index, linkIndex);
  }

  /**
   * Abandons the chain generations in progress (nothing is committed): the round opening that waits for one
   * fails with an AbortError, so a stopping engine does not hash a million links before it can stop.
   */
  cancelChainGenerations(): void {
    for (const generation of this.chainGenerations) generation.abort();
  }

  private async commitChain(): Promise<AviatorChainRow> {
    const { database, clock, logger } = this.dependencies;
    const generation = new AbortController();
    this.chainGenerations.add(generation);
    let generated: GeneratedChain;
    try {
      generated = await generateChain(this.chainLength, { signal: generation.signal });
    } finally {
      this.chainGenerations.delete(generation);
    }
    const id = await insertChain(database.db, {
      chainLength: this.chainLength,
      secretHex: generated.secretHex,
      terminalHash: generated.terminalHash,
      checkpoints: generated.checkpoints,
      now: clock.now(),
    });
    logger.info({ chainId: id, terminalHash: generated.terminalHash }, AVIATOR_CHAIN_COMMITTED_LOG);
    const chain = await findLatestChain(database.db);
    if (chain?.id !== id) throw new Error(`aviator chain ${id} is not the latest after its commit`);
    return chain;
  }

  /**
   * Takes a bet: the bettor's access checked (the session still live, the account not suspended, early
   * access), then the bet row and the stake from the wallet to game escrow, all in one transaction; a
   * refusal (AppError 401 or 403) moves nothing. Answers the bet's id and the profile's nickname.
   */
  async placeBet(request: PlaceBetRequest): Promise<PlacedBet> {
    const { database, clock, ledger } = this.dependencies;
    if (!Number.isSafeInteger(request.stakeMinor) || request.stakeMinor <= 0) {
      throw new Error(`aviator stake ${request.stakeMinor} is not a positive amount`);
    }
    return runInTransaction(database, async (trx) => {
      const bettor = await lockBettor(trx, database.dialect, request.userId, request.sessionId);
      const refusal = bettorRefusal(bettor, clock.now());
      if (refusal) throw refusal;
      const nickName = (bettor?.nick_name ?? `user${request.userId}`).slice(0, BET_NICK_NAME_MAX_LENGTH);
      const betId = await insertBet(trx, {
        round_id: request.roundId,
        period: request.period,
        user_id: request.userId,
        seq: request.seq,
        nick_name: nickName,
        client_seed: request.clientSeed,
        stake_minor: request.stakeMinor,
        fee_minor: aviatorFeeMinor(request.stakeMinor),
        auto_cash_out_hundredths: request.autoCashOutHundredths,
        status: 'open',
        created_at: clock.now(),
      });
      // An InsufficientBalanceError (400) rolls the bet row back with everything else.
      await ledger.transfer(trx, {
        debit: userWallet(request.userId),
        credit: systemAccount('game_escrow'),
        amountMinor: request.stakeMinor,
        kind: 'aviator_bet',
        reference: { type: AVIATOR_BET_REFERENCE_TYPE, id: betId },
        idempotencyKey: aviatorStakeKey(betId),
      });
      return { betId, nickName };
    });
  }

  /**
   * Closes betting: the first three bets' seeds (fillers from the server seed for missing ones) fix the result;
   * the round moves to flying with its take-off and crash times. Answers the flight and the seeds' owners.
   */
  async closeBetting(round: OpenedRound, takeoffAt: number): Promise<ClosedRound> {
    const { database } = this.dependencies;
    const bets = await firstBets(database.db, round.id, AVIATOR_SEED_SLOTS);
    const seeds: string[] = [];
    const nickNames: string[] = [];
    for (let slot = 1; slot <= AVIATOR_SEED_SLOTS; slot += 1) {
      const bet = bets[slot - 1];
      seeds.push(bet ? bet.client_seed : await aviatorFillerSeed(round.serverSeed, slot));
      nickNames.push(bet ? bet.nick_name : '');
    }
    const fair = await aviatorResult(round.serverSeed, seeds);
    const crashAt = takeoffAt + aviatorTimeToReach(fair.resultHundredths);
    const moved = await markRoundFlying(database.db, round.id, {
      takeoffAt,
      crashAt,
      resultHundredths: fair.resultHundredths,
      sha512hash: fair.sha512hash,
      nickNames,
      seeds,
    });
    if (!moved) throw new Error(`aviator round ${round.id} was not in betting at its close`);
    return { takeoffAt, crashAt, resultHundredths: fair.resultHundredths };
  }

  /**
   * Cashes a bet out at a multiplier: a group of one (see cashOutGroup). Answers the amount paid, or undefined
   * when the bet was not open any more.
   */
  async cashOut(betId: number, stakeMinor: number, hundredths: number): Promise<number | undefined> {
    const [paid] = await this.cashOutGroup([{ betId, stakeMinor, hundredths }]);
    return paid;
  }

  /**
   * Cashes out a group of bets, each at its own multiplier, in one transaction (the engine's group commit,
   * DESIGN.md §3 "Crash game"): one statement closes the bets still open (the `status = 'open'` guard makes
   * each cash-out happen exactly once), one bulk ledger credit pays each closed bet (stake − fee) × its
   * multiplier from the house under its own idempotency key, and one statement takes the stakes off
   * needs_bet. Answers, in the order asked, the amount paid or undefined for a bet that was not open any more.
   */
  async cashOutGroup(requests: readonly CashOutRequest[]): Promise<Array<number | undefined>> {
    const { database, clock, wagering } = this.dependencies;
    if (requests.length > AVIATOR_MAX_CASH_OUT_GROUP)
      throw new Error(`a cash-out group of ${requests.length} is over ${AVIATOR_MAX_CASH_OUT_GROUP}`);
    const wanted = new Map<number, { stakeMinor: number; winMinor: number }>();
    const rows = requests.map((request) => {
      const { betId, stakeMinor, hundredths } = request;
      if (!Number.isSafeInteger(hundredths) || hundredths < 100)
        throw new Error(`bad cash-out multiplier ${hundredths}`);
      if (wanted.has(betId)) throw new Error(`aviator bet ${betId} appears twice in one cash-out group`);
      const winMinor = aviatorWinMinor(stakeMinor, hundredths);
      wanted.set(betId, { stakeMinor, winMinor });
      return { bet_id: betId, cash_hundredths: hundredths, win_minor: winMinor };
    });
    if (rows.length === 0) return [];
    const paid = await runInTransaction(database, async (trx) => {
      const now = clock.now();
      const cashed = await markBetsCashed(trx, database.dialect, rows, now);
      let totalMinor = 0;
      for (const bet of cashed) {
        const asked = wanted.get(bet.id);
        if (!asked || asked.stakeMinor !== bet.stake_minor || asked.winMinor !== bet.win_minor)
          throw new Error(
            `aviator bet ${bet.id}: cashed ${bet.stake_minor}/${bet.win_minor}, asked otherwise`,
          );
        totalMinor += bet.win_minor;
      }
      if (cashed.length === 0) return new Map<number, number>();
      const credited = await postBulkWalletCredits(trx, database.dialect, {
        debit: 'game_house',
        kind: 'aviator_win',
        referenceType: AVIATOR_BET_REFERENCE_TYPE,
        createdAt: now,
        source: cashedBetWins(database.dialect, cashed, aviatorWinKey),
      });
      if (credited.count !== cashed.length || credited.totalMinor !== totalMinor) {
        throw new Error(
          `aviator cash-out group: credited ${credited.count} wins (${credited.totalMinor}), closed ${cashed.length} (${totalMinor})`,
        );
      }
      await wagering.reduceForSettledBets(trx, cashedBetStakes(database.dialect, cashed));
      return new Map(cashed.map((bet) => [bet.id, bet.win_minor]));
    });
    return requests.map((request) => paid.get(request.betId));
  }

  /**
   * Settles a round that crashed: its open bets are lost, the settled bets' fees go to fee revenue and their
   * contracts to the house (the wins were paid from the house at each cash-out), lost stakes come off
   * needs_bet, and the round is marked settled with its figures. One transaction; a settled round is left alone.
   */
  async settleRound(roundId: number): Promise<'settled' | 'already_finished'> {
    const { database, clock, wagering } = this.dependencies;
    return runInTransaction(database, async (trx) => {
      const now = clock.now();
      const round = await lockRound(trx, database.dialect, roundId);
      if (!round) throw new Error(`aviator round ${roundId} vanished`);
      if (round.status === 'settled' || round.status === 'refunded') return 'already_finished';
      if (round.status !== 'flying')
        throw new Error(`aviator round ${roundId} is ${round.status}, not flying`);
      await markOpenBetsLost(trx, roundId, now);
      const totals = await settledTotals(trx, roundId);
      await this.moveRoundMoney(trx, round, totals);
      await wagering.reduceForSettledBets(trx, lostStakes(roundId));
      const finished = await markRoundFinished(trx, roundId, {
        status: 'settled',
        betCount: totals.count,
        stakeMinor: totals.stake,
        feeMinor: totals.fee,
        payoutMinor: totals.payout,
        now,
      });
      if (!finished) throw new Error(`aviator round ${roundId} was finished by someone else while locked`);
      return 'settled';
    });
  }

  /**
   * Refunds a round a leader could not finish: its open bets' stakes go back to the wallets (the cashed-out
   * ones stay paid and settled), then the round is closed as refunded with the figures of its settled bets.
   */
  async refundRound(roundId: number): Promise<'refunded' | 'already_finished'> {
    const { database, clock, ledger } = this.dependencies;
    return runInTransaction(database, async (trx) => {
      const now = clock.now();
      const round = await lockRound(trx, database.dialect, roundId);
      if (!round) throw new Error(`aviator round ${roundId} vanished`);
      if (round.status === 'settled' || round.status === 'refunded') return 'already_finished';
      const refunded = await markOpenBetsRefunded(trx, roundId, now);
      for (const bet of refunded) {
        await ledger.transfer(trx, {
          debit: systemAccount('game_escrow'),
          credit: userWallet(bet.user_id),
          amountMinor: bet.stake_minor,
          kind: 'aviator_refund',
          reference: { type: AVIATOR_BET_REFERENCE_TYPE, id: bet.id },
          idempotencyKey: aviatorRefundKey(bet.id),
        });
      }
      const totals = await settledTotals(trx, roundId);
      await this.moveRoundMoney(trx, round, totals);
      const finished = await markRoundFinished(trx, roundId, {
        status: 'refunded',
        betCount: totals.count,
        stakeMinor: totals.stake,
        feeMinor: totals.fee,
        payoutMinor: totals.payout,
        now,
      });
      if (!finished) throw new Error(`aviator round ${roundId} was finished by someone else while locked`);
      await this.dependencies.onRoundVoided?.(trx, {
        roundId,
        period: String(round.period),
        refundedBets: refunded.length,
        refundedMinor: refunded.reduce((sum, bet) => sum + Number(bet.stake_minor), 0),
      });
      return 'refunded';
    });
  }

  /**
   * The round's money at its end: the settled bets' fees to fee revenue (and the referrers' share of them as
   * P bonuses, set-based, once per round since the round's status guards its end) and their contracts to
   * the house.
   */
  private async moveRoundMoney(
    trx: Parameters<LedgerService['transfer']>[0],
    round: Pick<AviatorRoundRow, 'id' | 'period'>,
    totals: { stake: number; fee: number },
  ): Promise<void> {
    const { ledger, referralBonuses } = this.dependencies;
    const roundId = round.id;
    const reference = { type: AVIATOR_ROUND_REFERENCE_TYPE, id: roundId };
    if (totals.fee > 0) {
      await ledger.transfer(trx, {
        debit: systemAccount('game_escrow'),
        credit: systemAccount('fee_revenue'),
        amountMinor: totals.fee,
        kind: 'fee',
        reference,
        idempotencyKey: aviatorFeeKey(roundId),
      });
      await referralBonuses?.accrueReferralBonuses(trx, {
        settledFeesByUser: settledFees(roundId),
        game: 'aviator',
        roundRef: String(round.period),
      });
    }
    const contract = totals.stake - totals.fee;
    if (contract > 0) {
      await ledger.transfer(trx, {
        debit: systemAccount('game_escrow'),
        credit: systemAccount('game_house'),
        amountMinor: contract,
        kind: 'game_settlement',
        reference,
        idempotencyKey: aviatorHouseKey(roundId),
      });
    }
  }
}
