import {
  dealLuckyHit,
  LUCKY_HIT_CLIENT_SEEDS_PER_ROUND,
  LUCKY_HIT_MAX_BETS_PER_ROUND,
  type LuckyHitDeal,
  type LuckyHitOutcome,
  luckyHitBetMultiplier,
  luckyHitOutcome,
  luckyHitPeriodAt,
} from '@app/shared';
import type { AppDatabase } from '../../../db/dialect.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../platform/clock.ts';
import { systemAccount } from '../../ledger/ledger.kinds.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { postBulkWalletCredits } from '../../ledger/ledger-bulk.repository.ts';
import type { ReferralBonusAccrual } from '../../promotion/promotion-accrual.service.ts';
import type { SettledBetsWagering } from '../colour/colour-settlement.service.ts';
import {
  firstBettorSeeds,
  lockRound,
  markRoundSettled,
  multiplierSql,
  settledPlayersSource,
  settleWaitingBetsPerPlayer,
  winCreditsSource,
} from './luckyhit.repository.ts';
import { chainIndexOf, type LuckyHitChainService } from './luckyhit-chain.service.ts';

/** The ledger reference type of a bet's stake; its id is the bet id. */
export const LUCKY_HIT_BET_REFERENCE_TYPE = 'luckyhit_bet';
/** The ledger reference type of a round's fee and house legs and of each player's win in it (the round id). */
export const LUCKY_HIT_ROUND_REFERENCE_TYPE = 'luckyhit_round';
/** Ledger idempotency keys: one stake per bet, one win per player and round, one fee and one house leg per round. */
export const luckyHitStakeKey = (betId: number): string => `luckyhit_bet:${betId}`;
export const luckyHitWinKeyPrefix = (period: string): string => `luckyhit_win:${period}:`;
export const luckyHitFeeKey = (roundId: number): string => `luckyhit_fee:${roundId}`;
export const luckyHitHouseKey = (roundId: number): string => `luckyhit_house:${roundId}`;

/** A round dealt and settled now: what the live channel announces. */
export interface SettledLuckyHitRound {
  readonly period: string;
  readonly deal: LuckyHitDeal;
  readonly outcome: LuckyHitOutcome;
  readonly betCount: number;
}

export type LuckyHitSettleOutcome =
  | { readonly status: 'settled'; readonly round: SettledLuckyHitRound }
  | { readonly status: 'already_settled' | 'no_chain' };

/**
 * Deals and settles one round in one database transaction (DESIGN.md §3 "Lucky Hit", as the colour game):
 * the round row is locked (an already settled round is left alone, so settling twice is impossible); its
 * seed is derived from the chain, the first three bettors' client seeds read (from the round's earliest
 * bets), the six cards dealt; one UPDATE settles every waiting bet (W → S with its payout, or F) and answers
 * what each player's bets came to, the only pass over the round's bets; from those rows, one per player, the
 * wins are credited set-based from game escrow (LHW), one transfer per player, the referrers' P bonuses
 * accrue from the fees and the settled stakes come off needs_bet; the fees go to fee revenue and the rest of
 * the contracts to (or from) the house; the round is marked settled with its deal revealed and the house's
 * figures. Profiled with bench/luckyhit (10,000 bets): the passes over the bets that the totals, the win
 * credits and the needs_bet reduction each made were most of the time besides the UPDATE itself.
 */
export class LuckyHitSettlementService {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly chains: LuckyHitChainService,
    private readonly timeZone: string,
    private readonly wagering: SettledBetsWagering,
    private readonly referralBonuses?: ReferralBonusAccrual,
  ) {}

  /** Deals and settles the round starting at `startAt`. */
  async settle(startAt: number): Promise<LuckyHitSettleOutcome> {
    const { database, clock, ledger, chains } = this;
    const period = luckyHitPeriodAt(startAt, this.timeZone);
    return runInTransaction(database, async (trx): Promise<LuckyHitSettleOutcome> => {
      const now = clock.now();
      const chain = await chains.ensureRoundRow(trx, { period, startAt }, now);
      if (!chain) return { status: 'no_chain' };
      const chainIndex = chainIndexOf(chain, startAt);
      const row = await lockRound(trx, database.dialect, period);
      if (!row) throw new Error(`luckyhit round ${period} vanished`);
      if (row.status === 'settled') return { status: 'already_settled' };
      if (row.chain_id !== chain.id || row.chain_index !== chainIndex) {
        throw new Error(`luckyhit round ${period} is bound to chain ${row.chain_id}, not ${chain.id}`);
      }
      if (chain.created_at >= startAt) {
        throw new Error(`luckyhit round ${period} began before chain ${chain.id} was committed`);
      }

      const seedHex = await chains.seedOf(trx, chain, chainIndex);
      const bettorSeeds = await firstBettorSeeds(
        trx,
        row.id,
        LUCKY_HIT_CLIENT_SEEDS_PER_ROUND,
        LUCKY_HIT_MAX_BETS_PER_ROUND,
      );
      const deal = await dealLuckyHit(seedHex, period, bettorSeeds);
      const outcome = luckyHitOutcome(deal.cards1, deal.cards2);
      const multiplier = multiplierSql({
        B: luckyHitBetMultiplier('B', outcome),
        R: luckyHitBetMultiplier('R', outcome),
        L: luckyHitBetMultiplier('L', outcome),
      });
      // The only pass over the round's bets: every waiting bet settled, and what each player's came to.
      const players = await settleWaitingBetsPerPlayer(trx, database.dialect, row.id, multiplier, now);
      const totals = { count: 0, stake: 0, fee: 0, contract: 0, payout: 0 };
      for (const player of players) {
        if (player.stakeMinor !== player.feeMinor + player.contractMinor) {
          throw new Error(`luckyhit round ${row.id} user ${player.userId}: stakes ≠ fees + contracts`);
        }
        totals.count += player.bets;
        totals.stake += player.stakeMinor;
        totals.fee += player.feeMinor;
        totals.contract += player.contractMinor;
        totals.payout += player.payoutMinor;
      }
      if (!Number.isSafeInteger(totals.stake) || !Number.isSafeInteger(totals.payout)) {
        throw new Error(`luckyhit round ${row.id}: totals out of range`);
      }
      const wins = await postBulkWalletCredits(trx, database.dialect, {
        debit: 'game_escrow',
        kind: 'luckyhit_win',
        referenceType: LUCKY_HIT_ROUND_REFERENCE_TYPE,
        createdAt: now,
        source: winCreditsSource(database.dialect, row.id, luckyHitWinKeyPrefix(period), players),
      });
      if (wins.totalMinor !== totals.payout) {
        throw new Error(`luckyhit round ${row.id}: credited ${wins.totalMinor}, computed ${totals.payout}`);
      }
      const reference = { type: LUCKY_HIT_ROUND_REFERENCE_TYPE, id: row.id };
      if (totals.fee > 0) {
        await ledger.transfer(trx, {
          debit: systemAccount('game_escrow'),
          credit: systemAccount('fee_revenue'),
          amountMinor: totals.fee,
          kind: 'fee',
          reference,
          idempotencyKey: luckyHitFeeKey(row.id),
        });
        // Referrers earn their share of the round's fees, set-based, in this same transaction.
        await this.referralBonuses?.accrueReferralBonuses(trx, {
          settledFeesByUser: settledPlayersSource(database.dialect, players, 'fee_minor'),
          game: 'luckyhit',
          roundRef: period,
        });
      }
      const marginMinor = totals.contract - totals.payout;
      if (marginMinor !== 0) {
        const house = systemAccount('game_house');
        const escrow = systemAccount('game_escrow');
        await ledger.transfer(trx, {
          debit: marginMinor > 0 ? escrow : house,
          credit: marginMinor > 0 ? house : escrow,
          amountMinor: Math.abs(marginMinor),
          kind: 'game_settlement',
          reference,
          idempotencyKey: luckyHitHouseKey(row.id),
        });
      }
      if (players.length > 0) {
        await this.wagering.reduceForSettledBets(
          trx,
          settledPlayersSource(database.dialect, players, 'stake_minor'),
        );
      }
      const marked = await markRoundSettled(trx, row.id, {
        seedHex,
        clientSeeds: deal.clientSeeds,
        draws: deal.draws,
        cards1: deal.cards1,
        cards2: deal.cards2,
        winner: outcome.winner,
        luckyHitOdds: outcome.luckyHitOdds,
        betCount: totals.count,
        stakeMinor: totals.stake,
        feeMinor: totals.fee,
        payoutMinor: totals.payout,
        now,
      });
      if (!marked) throw new Error(`luckyhit round ${row.id} was settled by someone else while locked`);
      return { status: 'settled', round: { period, deal, outcome, betCount: totals.count } };
    });
  }
}
