import {
  COLOUR_DIGITS,
  type ColourCategory,
  colourResultFromSeed,
  payoutMultiplierTenths,
  periodNumberAt,
} from '@app/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AppDatabase } from '../../../db/dialect.ts';
import type { Database } from '../../../db/schema.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../platform/clock.ts';
import { systemAccount } from '../../ledger/ledger.kinds.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { postBulkWalletCredits } from '../../ledger/ledger-bulk.repository.ts';
import type { ReferralBonusAccrual } from '../../promotion/promotion-accrual.service.ts';
import {
  lockPeriod,
  markPeriodSettled,
  settledFees,
  settledStakes,
  settleWaitingBets,
  waitingTotals,
  winCreditsPerPlayer,
} from './colour.repository.ts';
import { type ColourChainService, chainIndexOf } from './colour-chain.service.ts';

/**
 * The ledger reference type of a bet's stake; its id is the bet id. Periods settled by earlier versions
 * also credited each won bet on its own under this reference type (the colour checks accept both forms).
 */
export const COLOUR_BET_REFERENCE_TYPE = 'colour_bet';
/**
 * The ledger reference type of a period's fee and house legs and of each player's win in it; its id is the
 * period row id, which the transaction list shows as the win's relation_id.
 */
export const COLOUR_PERIOD_REFERENCE_TYPE = 'colour_period';
/**
 * Ledger idempotency keys: one stake per bet, one win per player and period, one fee and one house leg per
 * period. A win is keyed by (room, period, player) rather than by bet since a period's winning bets of one
 * player are credited as one transfer (see ColourSettlementService); the key cannot meet the older per-bet
 * keys (`colour_win:<bet id>`), which have no colon after the id.
 */
export const colourStakeKey = (betId: number): string => `colour_bet:${betId}`;
export const colourWinKeyPrefix = (room: ColourCategory, period: string): string =>
  `colour_win:${room}:${period}:`;
export const colourWinKey = (room: ColourCategory, period: string, userId: number): string =>
  `${colourWinKeyPrefix(room, period)}${userId}`;
export const colourFeeKey = (periodId: number): string => `colour_fee:${periodId}`;
export const colourHouseKey = (periodId: number): string => `colour_house:${periodId}`;

/**
 * The payout multiplier (tenths) of each waiting bet on a result digit, as SQL: the shared payout table
 * evaluated for the digit, so the database computes every bet's win in the same statement.
 */
export function payoutTenthsSql(digit: number): RawBuilder<number> {
  if (!(COLOUR_DIGITS as readonly number[]).includes(digit)) throw new Error(`not a result digit: ${digit}`);
  const green = sql.lit(payoutMultiplierTenths('G', null, digit));
  const red = sql.lit(payoutMultiplierTenths('R', null, digit));
  const violet = sql.lit(payoutMultiplierTenths('V', null, digit));
  const match = sql.lit(payoutMultiplierTenths('N', digit, digit));
  return sql<number>`(case guess_type when 'G' then ${green} when 'R' then ${red} when 'V' then ${violet}
    else case when guess_number = ${sql.lit(digit)} then ${match} else 0 end end)`;
}

export type SettleOutcome = 'settled' | 'already_settled' | 'no_chain';

/**
 * needs_bet of the withdrawals module (issue 6): settled stakes are taken off each player's wagering
 * requirement, never below 0, in the transaction that settles them.
 */
export interface SettledBetsWagering {
  reduceForSettledBets(trx: Kysely<Database>, stakes: RawBuilder<unknown>): Promise<number>;
}

/**
 * Draws and settles one period in one database transaction (DESIGN.md §3 "Colour game"): the period row
 * is locked (the state guard: an already settled period is left alone, so settling twice is impossible),
 * its seed derived from the room's chain and its result computed; one UPDATE settles every waiting bet
 * (W → S with its payout, or F); the wins are credited set-based from game escrow (GUW), one transfer per
 * player holding the sum of that player's winning bets; the fees go to
 * fee revenue and the contracts left after the wins to (or from) the house; one statement takes the
 * settled stakes off the players' needs_bet; the period is marked settled with its seed revealed and the
 * house's figures (stake, fee, contract, payout and the house's take, stake − payout).
 */
export class ColourSettlementService {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly chains: ColourChainService,
    private readonly timeZone: string,
    private readonly wagering: SettledBetsWagering,
    private readonly referralBonuses?: ReferralBonusAccrual,
  ) {}

  /** Settles the room's period that starts at `startAt`. */
  async settle(room: ColourCategory, startAt: number): Promise<SettleOutcome> {
    const { database, clock, ledger, chains } = this;
    const period = periodNumberAt(startAt, this.timeZone);
    return runInTransaction(database, async (trx): Promise<SettleOutcome> => {
      const now = clock.now();
      const chain = await chains.ensurePeriodRow(trx, { room, period, startAt }, now);
      if (!chain) return 'no_chain';
      const chainIndex = chainIndexOf(chain, startAt);
      const row = await lockPeriod(trx, database.dialect, room, period);
      if (!row) throw new Error(`colour period ${room} ${period} vanished`);
      if (row.status === 'settled') return 'already_settled';
      // A period is bound to the chain that covered it when its row was made, and a chain is only ever
      // committed before its first period begins; either failing would mean a result from another seed.
      if (row.chain_id !== chain.id || row.chain_index !== chainIndex) {
        throw new Error(`colour period ${room} ${period} is bound to chain ${row.chain_id}, not ${chain.id}`);
      }
      if (chain.created_at >= startAt) {
        throw new Error(`colour period ${room} ${period} began before chain ${chain.id} was committed`);
      }

      const seedHex = await chains.seedOf(trx, chain, chainIndex);
      const result = await colourResultFromSeed(seedHex, room, period);
      const tenths = payoutTenthsSql(result.number);
      const totals = await waitingTotals(trx, row.id, tenths);
      if (totals.stake !== totals.fee + totals.contract) {
        throw new Error(
          `colour period ${row.id}: stakes ${totals.stake} ≠ fees ${totals.fee} + contracts ${totals.contract}`,
        );
      }
      await settleWaitingBets(trx, row.id, tenths, result, now);
      // One credit per player and period, not one per winning bet: measured on PostgreSQL with 100,000 bets
      // (bench/colour/settlement.bench.ts), inserting one transfer per winning bet was most of the
      // settlement (two foreign-key checks and six index entries per row), and a player's ten winning bets
      // became ten lines of the transaction list besides. Each bet's own win stays on the bet (my_guesses
      // shows it); the player's wallet line is the period's sum, referenced by the period.
      const wins = await postBulkWalletCredits(trx, database.dialect, {
        debit: 'game_escrow',
        kind: 'colour_win',
        referenceType: COLOUR_PERIOD_REFERENCE_TYPE,
        createdAt: now,
        source: winCreditsPerPlayer(row.id, colourWinKeyPrefix(room, period)),
      });
      if (wins.totalMinor !== totals.payout) {
        throw new Error(`colour period ${row.id}: credited ${wins.totalMinor}, computed ${totals.payout}`);
      }
      const reference = { type: COLOUR_PERIOD_REFERENCE_TYPE, id: row.id };
      if (totals.fee > 0) {
        await ledger.transfer(trx, {
          debit: systemAccount('game_escrow'),
          credit: systemAccount('fee_revenue'),
          amountMinor: totals.fee,
          kind: 'fee',
          reference,
          idempotencyKey: colourFeeKey(row.id),
        });
      }
      // Referrers earn their share of the fees of this period, set-based, in this same transaction.
      if (totals.fee > 0 && this.referralBonuses) {
        await this.referralBonuses.accrueReferralBonuses(trx, {
          settledFeesByUser: settledFees(row.id),
          game: 'colour',
          roundRef: `${room}:${period}`,
        });
      }
      // The fee went to fee revenue above; what is left of the contracts after the wins goes to the house.
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
          idempotencyKey: colourHouseKey(row.id),
        });
      }
      // Every bet of the period was settled just now (bets are only taken while the period is open, and
      // the state guard lets one transaction settle it); wallets were locked first, as a recharge does.
      await this.wagering.reduceForSettledBets(trx, settledStakes(row.id));
      const marked = await markPeriodSettled(trx, row.id, {
        seedHex,
        price: result.price,
        number: result.number,
        betCount: totals.count,
        stakeMinor: totals.stake,
        feeMinor: totals.fee,
        contractMinor: totals.contract,
        payoutMinor: totals.payout,
        houseTakeMinor: totals.stake - totals.payout,
        now,
      });
      if (!marked) throw new Error(`colour period ${row.id} was settled by someone else while locked`);
      return 'settled';
    });
  }
}
