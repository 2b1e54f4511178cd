import { COLOUR_PERIOD_MS, periodNumberAt } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInTransaction } from '../../../db/transaction.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../../test-support/test-app.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { LedgerService } from '../../ledger/ledger.service.ts';
import { createPlayer, fundWallet, type TestBuyer } from '../../orders/order-fixtures.ts';
import { SettingsService } from '../../settings/settings.service.ts';
import { WageringService } from '../../withdrawals/wagering.service.ts';
import { type ColourGameModule, createColourGameModule } from './colour.module.ts';

/** 2025-03-05 00:00 IST; the first chain starts with the next period, 20250305002. */
const MIDNIGHT_IST = Date.parse('2025-03-04T18:30:00Z');
const TEST_CHAIN_LENGTH = 2000;
const FUNDS_MINOR = 1_000_000;

describeEachDatabase('colour settlement reduces needs_bet', (database) => {
  const clock = new ManualClock(MIDNIGHT_IST + 10_000);
  let app: FastifyInstance;
  let colour: ColourGameModule;
  let wagering: WageringService;
  const players: TestBuyer[] = [];

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
    const settings = new SettingsService(database().db, clock);
    wagering = new WageringService(settings, clock);
    colour = createColourGameModule({
      database: database(),
      clock,
      ledger: new LedgerService(database(), clock),
      settings,
      market: 'in',
      logger: app.log,
      wagering,
      chainLength: TEST_CHAIN_LENGTH,
    });
    for (let index = 0; index < 4; index += 1) {
      const player = await createPlayer(database(), clock);
      await fundWallet(database(), clock, player.userId, FUNDS_MINOR);
      players.push(player);
    }
    // Publish the chains, then move into their first period.
    await colour.engine.tick();
    clock.set(MIDNIGHT_IST + COLOUR_PERIOD_MS + 5_000);
  });
  afterAll(async () => {
    await colour?.engine.stop();
    await app?.close();
  });

  const needsBet = (player: TestBuyer) => wagering.needsBetMinor(database().db, player.userId);
  const require = (player: TestBuyer, amountMinor: number) =>
    runInTransaction(database(), (trx) => wagering.add(trx, player.userId, amountMinor));
  const bet = async (player: TestBuyer, category: string, contractMoney: number, count = 1) => {
    const response = await app.inject({
      method: 'POST',
      url: '/win/add_user_guess',
      headers: player.headers,
      payload: {
        category,
        period: periodNumberAt(clock.now(), 'Asia/Kolkata'),
        guess_type: 'N',
        number: 3,
        contract_money: contractMoney,
        contract_count: count,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('takes each player’s settled stakes off needs_bet in the settling transaction, never below 0', async () => {
    const [partly, cleared, untouched, none] = players as [TestBuyer, TestBuyer, TestBuyer, TestBuyer];
    await require(partly, 500_00);
    await require(cleared, 50_00);
    await require(untouched, 70_00);
    // partly stakes 100 + 3 × 10 = 130 in room P, and 10 in room E (settled with it, in E's transaction).
    await bet(partly, 'P', 100);
    await bet(partly, 'P', 10, 3);
    await bet(partly, 'E', 10);
    // cleared stakes 100, more than the 50 it needs.
    await bet(cleared, 'P', 100);
    // none has no requirement at all and bets anyway.
    await bet(none, 'P', 1000);

    // Waiting bets change nothing.
    expect(await needsBet(partly)).toBe(500_00);
    expect(await needsBet(cleared)).toBe(50_00);

    clock.set(MIDNIGHT_IST + 2 * COLOUR_PERIOD_MS + 1_000);
    const report = await colour.engine.tick();
    expect(report.settled).toEqual(expect.arrayContaining(['P:20250305002', 'E:20250305002']));

    expect(await needsBet(partly)).toBe(500_00 - 130_00 - 10_00);
    expect(await needsBet(cleared)).toBe(0);
    expect(await needsBet(untouched)).toBe(70_00);
    expect(await needsBet(none)).toBe(0);
    // Settling a requirement to 0 does not invent one for a player who never had any.
    const noneRow = await database()
      .db.selectFrom('wagering_requirements')
      .select('user_id')
      .where('user_id', '=', none.userId)
      .executeTakeFirst();
    expect(noneRow).toBeUndefined();

    // The state guard: settling the period again takes nothing off a second time.
    const periodRow = await database()
      .db.selectFrom('colour_periods')
      .select('start_at')
      .where('room', '=', 'P')
      .where('period', '=', '20250305002')
      .executeTakeFirstOrThrow();
    expect(await colour.settlement.settle('P', periodRow.start_at)).toBe('already_settled');
    expect(await needsBet(partly)).toBe(360_00);
    await expectLedgerClean(database());
  });

  it('reduces by the stakes of the settled period only, and a requirement added later stays', async () => {
    const [partly, cleared] = players as [TestBuyer, TestBuyer];
    await bet(partly, 'P', 100, 2);
    await require(cleared, 30_00);
    // A bet of the next period is not settled with this one.
    clock.set(MIDNIGHT_IST + 3 * COLOUR_PERIOD_MS + 1_000);
    await bet(partly, 'P', 1000);
    await colour.engine.tick();
    expect(await needsBet(partly)).toBe(360_00 - 200_00);
    expect(await needsBet(cleared)).toBe(30_00);
    clock.set(MIDNIGHT_IST + 4 * COLOUR_PERIOD_MS + 1_000);
    await colour.engine.tick();
    expect(await needsBet(partly)).toBe(0);
    await expectLedgerClean(database());
  });

  it('refuses to change needs_bet outside a transaction', async () => {
    const noStakes = sql`select b.user_id as user_id, b.stake_minor as stake_minor from colour_bets b`;
    await expect(wagering.reduceForSettledBets(database().db, noStakes)).rejects.toThrow(
      /inside runInTransaction/,
    );
  });
});
