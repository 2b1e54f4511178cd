import { COLOUR_PERIOD_MS, periodNumberAt } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInTransaction } from '../../../db/transaction.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../../test-support/test-app.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { systemAccount, userWallet } from '../../ledger/ledger.kinds.ts';
import { LedgerService } from '../../ledger/ledger.service.ts';
import { postBulkWalletCredits } from '../../ledger/ledger-bulk.repository.ts';
import { checkLedger } from '../../ledger/ledger-check.service.ts';
import { createPlayer, fundWallet, type TestBuyer } from '../../orders/order-fixtures.ts';
import { SettingsService } from '../../settings/settings.service.ts';
import { WageringService } from '../../withdrawals/wagering.service.ts';
import { type ColourGameModule, createColourGameModule } from './colour.module.ts';
import { lockPeriod, markPeriodSettled, settleWaitingBets, waitingTotals } from './colour.repository.ts';
import { COLOUR_LEDGER_CHECKS } from './colour-ledger-checks.ts';
import {
  COLOUR_BET_REFERENCE_TYPE,
  COLOUR_PERIOD_REFERENCE_TYPE,
  colourWinKey,
  payoutTenthsSql,
} from './colour-settlement.service.ts';

/** 2025-03-05 00:00 IST; the first chain starts with the next period, 20250305002. */
const MIDNIGHT_IST = Date.parse('2025-03-04T18:30:00Z');
const TEST_CHAIN_LENGTH = 2000;
const FUNDS_MINOR = 1_000_000;
const TIME_ZONE = 'Asia/Kolkata';

describeEachDatabase('colour settlement credits one win per player and period', (database) => {
  const clock = new ManualClock(MIDNIGHT_IST + 10_000);
  let app: FastifyInstance;
  let colour: ColourGameModule;
  let ledger: LedgerService;
  const players: TestBuyer[] = [];

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
    const settings = new SettingsService(database().db, clock);
    ledger = new LedgerService(database(), clock);
    colour = createColourGameModule({
      database: database(),
      clock,
      ledger,
      settings,
      market: 'in',
      logger: app.log,
      wagering: new WageringService(settings, clock),
      chainLength: TEST_CHAIN_LENGTH,
    });
    for (let index = 0; index < 3; index += 1) {
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

  const bet = async (player: TestBuyer, guessType: string, contractMoney: number, count = 1) => {
    const response = await app.inject({
      method: 'POST',
      url: '/win/add_user_guess',
      headers: player.headers,
      payload: {
        category: 'P',
        period: periodNumberAt(clock.now(), TIME_ZONE),
        guess_type: guessType,
        number: guessType === 'N' ? 3 : 0,
        contract_money: contractMoney,
        contract_count: count,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const periodRow = (period: string) =>
    database()
      .db.selectFrom('colour_periods')
      .selectAll()
      .where('room', '=', 'P')
      .where('period', '=', period)
      .executeTakeFirstOrThrow();
  const winCredits = (periodId: number) =>
    database()
      .db.selectFrom('ledger_transfers as t')
      .innerJoin('ledger_accounts as a', 'a.id', 't.credit_account_id')
      .select(['a.user_id', 't.amount_minor', 't.idempotency_key', 't.reference_type', 't.reference_id'])
      .where('t.kind', '=', 'colour_win')
      .where('t.reference_type', '=', COLOUR_PERIOD_REFERENCE_TYPE)
      .where('t.reference_id', '=', String(periodId))
      .orderBy('a.user_id')
      .execute();
  const wonByPlayer = async (periodId: number) => {
    const rows = await database()
      .db.selectFrom('colour_bets')
      .select(['user_id', 'amount_minor'])
      .where('period_id', '=', periodId)
      .where('status', '=', 'S')
      .execute();
    const sums = new Map<number, number>();
    for (const row of rows)
      sums.set(Number(row.user_id), (sums.get(Number(row.user_id)) ?? 0) + row.amount_minor);
    return sums;
  };

  it('credits each winning player once per period with the sum of their wins, keyed by room, period and player', async () => {
    const [many, few, none] = players as [TestBuyer, TestBuyer, TestBuyer];
    // Green and red together always hold a winner whatever the digit; violet and a number may win too.
    await bet(many, 'G', 10, 2);
    await bet(many, 'G', 100);
    await bet(many, 'R', 10, 3);
    await bet(many, 'V', 10);
    await bet(many, 'N', 10);
    await bet(few, 'G', 1000);
    await bet(few, 'R', 100);
    // none only bets on a number and a violet ball; whether it wins depends on the digit.
    await bet(none, 'N', 10);
    const period = periodNumberAt(clock.now(), TIME_ZONE);

    clock.set(MIDNIGHT_IST + 2 * COLOUR_PERIOD_MS + 1_000);
    const report = await colour.engine.tick();
    expect(report.settled).toEqual(expect.arrayContaining([`P:${period}`]));

    const row = await periodRow(period);
    const won = await wonByPlayer(row.id);
    expect(won.get(many.userId)).toBeGreaterThan(0);
    expect(won.get(few.userId)).toBeGreaterThan(0);
    const credits = await winCredits(row.id);
    // One credit per player with a won bet, of exactly their wins; nobody else is credited.
    expect(credits.map((credit) => Number(credit.user_id))).toEqual([...won.keys()].sort((a, b) => a - b));
    for (const credit of credits) {
      const userId = Number(credit.user_id);
      expect(Number(credit.amount_minor)).toBe(won.get(userId));
      expect(credit.idempotency_key).toBe(colourWinKey('P', period, userId));
    }
    expect(credits.reduce((total, credit) => total + Number(credit.amount_minor), 0)).toBe(
      row.payout_total_minor,
    );

    // The transaction list shows one game win for the period; each bet's own win stays in my_guesses.
    const transactions = await app.inject({
      method: 'GET',
      url: '/user/transactions?p=1&p_size=50',
      headers: many.headers,
    });
    expect(transactions.statusCode).toBe(200);
    const wins = (
      transactions.json().queryset as Array<{ type: string; change_balance: string; relation_id: string }>
    ).filter((line) => line.type === 'GUW');
    expect(wins).toEqual([
      expect.objectContaining({ relation_id: String(row.id), change_balance: expect.any(String) }),
    ]);
    expect(Math.round(Number(wins[0]?.change_balance) * 100)).toBe(won.get(many.userId));
    const guesses = await app.inject({
      method: 'GET',
      url: '/win/my_guesses?category=P&p=1&p_size=100',
      headers: many.headers,
    });
    const amounts = (guesses.json().queryset as Array<{ status: string; amount: string }>)
      .filter((guess) => guess.status === 'S')
      .map((guess) => Math.round(Number(guess.amount) * 100));
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.reduce((total, amount) => total + amount, 0)).toBe(won.get(many.userId));

    // The state guard: settling again posts nothing more.
    expect(await colour.settlement.settle('P', row.start_at)).toBe('already_settled');
    expect(await winCredits(row.id)).toHaveLength(credits.length);
    await expectLedgerClean(database());
  });

  it('accepts a period credited the earlier way, one credit per won bet, and reports credits that do not add up', async () => {
    const [, , third] = players as [TestBuyer, TestBuyer, TestBuyer];
    // A period settled the way earlier versions did (their transfers stay in the append-only ledger).
    clock.set(MIDNIGHT_IST + 3 * COLOUR_PERIOD_MS + 5_000);
    await bet(third, 'G', 10);
    await bet(third, 'R', 10, 2);
    await bet(third, 'R', 100);
    const period = periodNumberAt(clock.now(), TIME_ZONE);
    const { id: periodId } = await periodRow(period);
    await runInTransaction(database(), async (trx) => {
      const locked = await lockPeriod(trx, database().dialect, 'P', period);
      expect(locked?.status).toBe('open');
      const tenths = payoutTenthsSql(0);
      const totals = await waitingTotals(trx, periodId, tenths);
      await settleWaitingBets(trx, periodId, tenths, { price: 10_000, number: 0 }, clock.now());
      await postBulkWalletCredits(trx, database().dialect, {
        debit: 'game_escrow',
        kind: 'colour_win',
        referenceType: COLOUR_BET_REFERENCE_TYPE,
        createdAt: clock.now(),
        source: sql`select b.user_id as user_id, cast(b.id as varchar(100)) as reference_id,
            'colour_win:' || cast(b.id as varchar(100)) as idempotency_key, b.amount_minor as amount_minor
          from colour_bets b where b.period_id = ${periodId} and b.status = 'S'`,
      });
      await markPeriodSettled(trx, periodId, {
        seedHex: '00'.repeat(32),
        price: 10_000,
        number: 0,
        betCount: totals.count,
        stakeMinor: totals.stake,
        feeMinor: totals.fee,
        contractMinor: totals.contract,
        payoutMinor: totals.payout,
        houseTakeMinor: totals.stake - totals.payout,
        now: clock.now(),
      });
    });
    // Digit 0: the three red bets win, the green one does not.
    expect((await wonByPlayer(periodId)).get(third.userId)).toBeGreaterThan(0);
    await expectLedgerClean(database());

    const [first] = players as [TestBuyer];
    const settled = await periodRow(periodNumberAt(MIDNIGHT_IST + COLOUR_PERIOD_MS + 5_000, TIME_ZONE));
    const violations = async () => {
      const report = await checkLedger(database(), COLOUR_LEDGER_CHECKS);
      return Object.fromEntries(report.checks.map((check) => [check.name, check.violations]));
    };
    const forge = (reference: { type: string; id: number }, userId: number, key: string) =>
      runInTransaction(database(), (trx) =>
        ledger.transfer(trx, {
          debit: systemAccount('game_escrow'),
          credit: userWallet(userId),
          amountMinor: 1,
          kind: 'colour_win',
          reference,
          idempotencyKey: key,
        }),
      );
    // A second win credit of a period to a player: the ledger itself stays balanced, the colour check not.
    await forge({ type: COLOUR_PERIOD_REFERENCE_TYPE, id: settled.id }, first.userId, 'forged-win-1');
    expect((await violations())['colour-win-credited-once']).toEqual([
      expect.stringContaining(`colour period ${settled.id}, player ${first.userId}:`),
    ]);
    // A win credit that names no period or bet at all.
    await forge({ type: COLOUR_PERIOD_REFERENCE_TYPE, id: 987_654 }, first.userId, 'forged-win-2');
    expect((await violations())['colour-win-references-a-bet-or-period']).toEqual([
      '1 colour_win credits reference no colour period or bet',
    ]);
  });
});
