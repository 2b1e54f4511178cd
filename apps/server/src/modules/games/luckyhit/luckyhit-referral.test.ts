import { luckyHitPeriodAt } from '@app/shared';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { LedgerService } from '../../ledger/ledger.service.ts';
import { createBuyer, fundWallet } from '../../orders/order-fixtures.ts';
import { PromotionAccrualService } from '../../promotion/promotion-accrual.service.ts';
import { SettingsService } from '../../settings/settings.service.ts';
import { WageringService } from '../../withdrawals/wagering.service.ts';
import { createLuckyHitModule } from './luckyhit.module.ts';

const TIME_ZONE = 'Asia/Kolkata';
/** A round boundary: 2026-11-25 12:00:00 UTC. */
const ROUND_ZERO = Date.UTC(2026, 10, 25, 12, 0, 0);
const logger = Fastify({ logger: false }).log;

describeEachDatabase('Lucky Hit referral bonuses', (testDatabase) => {
  it("gives a referred player's referrers 30 % / 10 % of the fees of the round's settled bets, once", async () => {
    const database = testDatabase();
    const clock = new ManualClock(ROUND_ZERO - 10_000);
    const settings = new SettingsService(database.db, clock);
    const ledger = new LedgerService(database, clock);
    const luckyHit = createLuckyHitModule({
      database,
      clock,
      ledger,
      market: 'in',
      logger,
      wagering: new WageringService(settings, clock),
      broadcast: { publish: () => undefined },
      chainLength: 100,
      referralBonuses: new PromotionAccrualService(database, clock, ledger, settings),
    });
    await luckyHit.chains.ensureChain(database, clock.now(), ROUND_ZERO);
    const level2 = await createBuyer(database, clock);
    const level1 = await createBuyer(database, clock);
    const winner = await createBuyer(database, clock);
    const loser = await createBuyer(database, clock);
    for (const player of [winner, loser]) await fundWallet(database, clock, player.userId, 1_000_00);
    await database.db
      .updateTable('users')
      .set({ is_early: 1, referrer_level1_id: level1.userId, referrer_level2_id: level2.userId })
      .where('id', 'in', [winner.userId, loser.userId])
      .execute();

    clock.set(ROUND_ZERO + 5_000);
    const period = luckyHitPeriodAt(clock.now(), TIME_ZONE);
    // One bet on each side: whatever is dealt, one is settled as a win or a tie and one as a loss or a tie.
    const placeBet = (userId: number, betType: 'B' | 'R', clientSeed: string) =>
      luckyHit.game.placeBet(userId, { period, betType, clientSeed, stakeMinor: 100_00 });
    expect(await placeBet(winner.userId, 'B', 'SEED0000000000000001')).toMatchObject({ status: 200 });
    expect(await placeBet(loser.userId, 'R', 'SEED0000000000000002')).toMatchObject({ status: 200 });
    clock.set(ROUND_ZERO + 25_000);
    expect((await luckyHit.settlement.settle(ROUND_ZERO)).status).toBe('settled');
    expect((await luckyHit.settlement.settle(ROUND_ZERO)).status).toBe('already_settled');

    const bets = await database.db
      .selectFrom('luckyhit_bets')
      .select(['status', 'fee_minor'])
      .where('user_id', 'in', [winner.userId, loser.userId])
      .execute();
    expect(bets.every((row) => row.status === 'S' || row.status === 'F')).toBe(true);
    const feesMinor = bets.reduce((sum, row) => sum + Number(row.fee_minor), 0);
    expect(feesMinor).toBeGreaterThan(0);
    const bonuses = await database.db
      .selectFrom('promotion_bonuses')
      .select(['user_id', 'level', 'type', 'amount_minor', 'round_ref'])
      .where('game', '=', 'luckyhit')
      .orderBy('level')
      .execute();
    expect(bonuses.map((row) => ({ ...row, amount_minor: Number(row.amount_minor) }))).toEqual([
      {
        user_id: level1.userId,
        level: 1,
        type: 'P',
        amount_minor: Math.floor((feesMinor * 3_000) / 10_000),
        round_ref: period,
      },
      {
        user_id: level2.userId,
        level: 2,
        type: 'P',
        amount_minor: Math.floor((feesMinor * 1_000) / 10_000),
        round_ref: period,
      },
    ]);
    await luckyHit.engine.stop();
    await expectLedgerClean(database);
  });
});
