import {
  COLOUR_DIGITS,
  COLOUR_PERIOD_MS,
  ColourMessage,
  colourPayoutMinor,
  GUESS_TYPES,
  payoutMultiplierTenths,
  periodNumberAt,
  type UserGuessDto,
  verifyColourRound,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../../test-support/test-app.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { LedgerService } from '../../ledger/ledger.service.ts';
import { balanceOf, createBuyer, fundWallet, type TestBuyer } from '../../orders/order-fixtures.ts';
import { SettingsService } from '../../settings/settings.service.ts';
import { WageringService } from '../../withdrawals/wagering.service.ts';
import { type ColourGameModule, createColourGameModule } from './colour.module.ts';
import { payoutTenthsSql } from './colour-settlement.service.ts';

const KOLKATA = 'Asia/Kolkata';
/** 2025-03-05 00:00 IST: the start of period 20250305001 (the test app's market is in). */
const MIDNIGHT_IST = Date.parse('2025-03-04T18:30:00Z');
/** Short chains keep the tests fast; checkpoints every 1000 links still apply. */
const TEST_CHAIN_LENGTH = 3000;
const FUNDS_MINOR = 1_000_000;

describeEachDatabase('colour game', (database) => {
  let app: FastifyInstance;
  let colour: ColourGameModule;
  const clock = new ManualClock(MIDNIGHT_IST + 10_000);
  let buyer: TestBuyer;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
    // A second copy of the module plays the engine's leader, exactly as another instance would.
    colour = createColourGameModule({
      database: database(),
      clock,
      ledger: new LedgerService(database(), clock),
      settings: new SettingsService(database().db, clock),
      market: 'in',
      logger: app.log,
      wagering: new WageringService(new SettingsService(database().db, clock), clock),
      chainLength: TEST_CHAIN_LENGTH,
    });
    buyer = await createBuyer(database(), clock);
    await fundWallet(database(), clock, buyer.userId, FUNDS_MINOR);
  });
  afterAll(async () => {
    await colour?.engine.stop();
    await app?.close();
  });

  const currentPeriod = () => periodNumberAt(clock.now(), KOLKATA);
  const bet = (payload: Record<string, unknown>, headers: Record<string, string> = {}, who = buyer) =>
    app.inject({
      method: 'POST',
      url: '/win/add_user_guess',
      headers: { ...who.headers, ...headers },
      payload,
    });
  const validBet = (overrides: Record<string, unknown> = {}) => ({
    category: 'P',
    period: currentPeriod(),
    guess_type: 'G',
    number: 0,
    contract_money: 10,
    contract_count: 1,
    ...overrides,
  });
  const myGuesses = async (category = 'P', who = buyer): Promise<UserGuessDto[]> => {
    const response = await app.inject({
      method: 'GET',
      url: `/win/my_guesses?category=${category}&p=1&p_size=100`,
      headers: who.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json().queryset;
  };
  const betCount = async () =>
    Number(
      (
        await database()
          .db.selectFrom('colour_bets')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('computes the payout table in SQL exactly as the shared rules, for every guess type and digit', async () => {
    for (const digit of COLOUR_DIGITS) {
      for (const guessType of GUESS_TYPES) {
        for (const guessNumber of guessType === 'N' ? COLOUR_DIGITS : [null]) {
          const result = await sql<{ tenths: number }>`
            select ${payoutTenthsSql(digit)} as tenths
            from (select ${guessType} as guess_type, cast(${guessNumber} as integer) as guess_number) x
          `.execute(database().db);
          expect(Number(result.rows[0]?.tenths)).toBe(payoutMultiplierTenths(guessType, guessNumber, digit));
        }
      }
    }
  });

  it('publishes a chain before its first period and refuses bets until that period opens', async () => {
    const report = await colour.engine.tick();
    expect(report.leader).toBe(true);
    const fairnessNow = await app.inject({
      method: 'GET',
      url: `/win/fairness?category=P&period=${currentPeriod()}`,
    });
    expect(fairnessNow.statusCode).toBe(404);
    const refused = await bet(validBet());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(ColourMessage.periodClosed);
    clock.set(MIDNIGHT_IST + COLOUR_PERIOD_MS + 5_000);
    const fairness = await app.inject({
      method: 'GET',
      url: `/win/fairness?category=P&period=${currentPeriod()}`,
    });
    expect(fairness.statusCode).toBe(200);
    expect(fairness.json()).toMatchObject({ chain_index: 1, settled: false, seed: null, price: null });
    expect(fairness.json().terminal_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses bad input with 400 and holds nothing', async () => {
    const before = await balanceOf(database(), clock, buyer.userId);
    const count = await betCount();
    const bad: Array<Record<string, unknown>> = [
      validBet({ category: 'X' }),
      validBet({ guess_type: 'X' }),
      validBet({ guess_type: 'N', number: 10 }),
      validBet({ guess_type: 'N', number: -1 }),
      validBet({ guess_type: 'N', number: 'abc' }),
      validBet({ guess_type: 'N', number: undefined }),
      validBet({ contract_money: 5 }),
      validBet({ contract_money: 'abc' }),
      validBet({ contract_count: 0 }),
      validBet({ contract_count: 10 ** 9 }),
      validBet({ contract_count: 'abc' }),
      validBet({ contract_count: 1.5 }),
      validBet({ period: 'abc' }),
      validBet({ period: '20250305481' }),
      validBet({ period: periodNumberAt(clock.now() - COLOUR_PERIOD_MS, KOLKATA) }),
      validBet({ period: periodNumberAt(clock.now() + COLOUR_PERIOD_MS, KOLKATA) }),
      validBet({ contract_money: 1_000_000 }),
    ];
    for (const payload of bad) {
      const response = await bet(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().msg).toEqual(expect.any(String));
    }
    const unauthenticated = await app.inject({
      method: 'POST',
      url: '/win/add_user_guess',
      payload: validBet(),
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect(await balanceOf(database(), clock, buyer.userId)).toBe(before);
    expect(await betCount()).toBe(count);
  });

  it('refuses a bet after the 30 s lock whatever the client thinks, and an unaffordable bet', async () => {
    const before = await balanceOf(database(), clock, buyer.userId);
    const period = currentPeriod();
    clock.set(MIDNIGHT_IST + COLOUR_PERIOD_MS + 150_000);
    const locked = await bet(validBet({ period }), { date: new Date(MIDNIGHT_IST).toUTCString() });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().msg).toBe(ColourMessage.periodClosed);
    clock.set(MIDNIGHT_IST + COLOUR_PERIOD_MS + 149_999);
    const poor = await createBuyer(database(), clock);
    const unaffordable = await bet(validBet(), {}, poor);
    expect(unaffordable.statusCode).toBe(400);
    expect(unaffordable.json().msg).toBe('Insufficient balance');
    expect(await myGuesses('P', poor)).toEqual([]);
    expect(await balanceOf(database(), clock, buyer.userId)).toBe(before);
    clock.set(MIDNIGHT_IST + COLOUR_PERIOD_MS + 5_000);
  });

  it('takes bets of every type, settles them in one go against the payout table and reveals the seed', async () => {
    const period = currentPeriod();
    const before = await balanceOf(database(), clock, buyer.userId);
    const payloads = [
      validBet({ guess_type: 'G', contract_money: 100, contract_count: 3 }),
      validBet({ guess_type: 'R', contract_money: 10 }),
      validBet({ guess_type: 'V', contract_money: 1000 }),
      ...COLOUR_DIGITS.map((digit) =>
        validBet({ guess_type: 'N', number: String(digit), contract_money: '10.00' }),
      ),
    ];
    let stakes = 0;
    for (const payload of payloads) {
      const response = await bet(payload);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().msg).toBe(ColourMessage.betCompleted);
      stakes += Number(payload.contract_money) * 100 * Number(payload.contract_count);
    }
    // Another room's bet is kept apart.
    expect((await bet(validBet({ category: 'E', guess_type: 'R' }))).statusCode).toBe(200);
    stakes += 1000;
    expect(await balanceOf(database(), clock, buyer.userId)).toBe(before - stakes);
    const waiting = await myGuesses('P');
    expect(waiting).toHaveLength(payloads.length);
    expect(waiting.every((guess) => guess.status === 'W' && guess.period === period)).toBe(true);
    expect(waiting[waiting.length - 1]).toMatchObject({
      type: 'G',
      number: null,
      contract_money: '100.00',
      contract_count: 3,
      fee: '6.00',
      delivery: '294.00',
      amount: '0.00',
      open_price: null,
      result: null,
    });

    // Still inside the period: nothing is settled yet.
    expect((await colour.engine.tick()).settled).toEqual([]);
    clock.set(MIDNIGHT_IST + 2 * COLOUR_PERIOD_MS + 1_000);
    const report = await colour.engine.tick();
    expect(report.settled).toEqual(expect.arrayContaining([`P:${period}`, `E:${period}`]));

    const fairness = (
      await app.inject({ method: 'GET', url: `/win/fairness?category=P&period=${period}` })
    ).json();
    expect(fairness.settled).toBe(true);
    const digit = fairness.number as number;
    const settled = await myGuesses('P');
    let wins = 0;
    for (const guess of settled) {
      const contractMinor = Math.round(Number(guess.delivery) * 100);
      const expected = colourPayoutMinor(contractMinor, guess.type, guess.number, digit);
      expect(guess.status).toBe(expected > 0 ? 'S' : 'F');
      expect(Math.round(Number(guess.amount) * 100)).toBe(expected);
      expect(guess.result).toBe(String(digit));
      expect(guess.open_price).toBe(fairness.price);
      wins += expected;
    }
    const eBet = (await myGuesses('E'))[0];
    if (eBet?.status === 'S') wins += Math.round(Number(eBet.amount) * 100);
    expect(await balanceOf(database(), clock, buyer.userId)).toBe(before - stakes + wins);

    const verification = await verifyColourRound({
      room: 'P',
      period,
      seed: fairness.seed,
      price: fairness.price,
      number: fairness.number,
      terminalHash: fairness.terminal_hash,
      chainIndex: fairness.chain_index,
    });
    expect(verification.ok).toBe(true);
    expect(verification.terminalHashMatches).toBe(true);

    const totals = await database()
      .db.selectFrom('colour_periods')
      .selectAll()
      .where('room', '=', 'P')
      .where('period', '=', period)
      .executeTakeFirstOrThrow();
    const stakesP = stakes - 1000;
    expect(totals).toMatchObject({
      status: 'settled',
      bet_count: payloads.length,
      stake_total_minor: stakesP,
    });
    expect(totals.payout_total_minor).toBe(
      wins - (eBet?.status === 'S' ? Math.round(Number(eBet.amount) * 100) : 0),
    );
    expect(totals.margin_minor).toBe(stakesP - totals.fee_total_minor - totals.payout_total_minor);

    // The state guard: settling again changes nothing.
    expect(await colour.settlement.settle('P', totals.start_at)).toBe('already_settled');
    await expectLedgerClean(database());
  });

  it('answers the period info, the public history and the records', async () => {
    const info = await app.inject({
      method: 'GET',
      url: '/win/next_period_info?t=1',
      headers: buyer.headers,
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      code: 200,
      next_period: currentPeriod(),
      notice_content: '',
      count_down_sec: 179,
    });
    expect(info.json().balance).toMatch(/^\d+\.\d{2}$/);
    const history = await app.inject({
      method: 'GET',
      url: '/win/next_period_info_noauth?category=P&saas_id=1',
    });
    expect(history.statusCode).toBe(200);
    // Period 001 came before the first chain: nothing is drawn before a commitment exists.
    expect(history.json().periods.map((entry: { today_times: string }) => entry.today_times)).toEqual([
      '002',
    ]);
    expect(
      (await app.inject({ method: 'GET', url: '/win/next_period_info_noauth?category=Z' })).statusCode,
    ).toBe(400);
    const guesses = await app.inject({
      method: 'GET',
      url: '/win/guesses?category=P&p=1&p_size=10',
      headers: buyer.headers,
    });
    expect(guesses.json().page.count).toBe(1);
    expect(guesses.json().queryset[0].period).toBe('20250305002');
    expect(Object.keys(guesses.json().queryset[0]).sort()).toEqual(
      ['is_green', 'is_red', 'is_violet', 'last_num', 'period', 'price'].sort(),
    );
  });

  it('replays an Idempotency-Key instead of betting twice', async () => {
    const before = await balanceOf(database(), clock, buyer.userId);
    const headers = { 'idempotency-key': 'colour-test-key-1' };
    const first = await bet(validBet({ category: 'S' }), headers);
    const second = await bet(validBet({ category: 'S' }), headers);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(database(), clock, buyer.userId)).toBe(before - 1000);
    expect((await bet(validBet({ category: 'S', contract_count: 2 }), headers)).statusCode).toBe(422);
  });

  it('settles every period it missed while down, each from its own seed, and leaves no bet waiting', async () => {
    const period = currentPeriod();
    expect((await bet(validBet({ category: 'B', guess_type: 'V' }))).statusCode).toBe(200);
    // The server is "down" for five periods: nobody ticks.
    clock.set(clock.now() + 5 * COLOUR_PERIOD_MS);
    const report = await colour.engine.tick();
    // Periods 003…007 of every room (the open one, 008, is not).
    expect(report.settled.filter((entry) => entry.startsWith('B:'))).toEqual(
      ['003', '004', '005', '006', '007'].map((index) => `B:20250305${index}`),
    );
    expect((await myGuesses('B'))[0]).toMatchObject({ period, status: expect.stringMatching(/^[SF]$/) });
    const waiting = await database()
      .db.selectFrom('colour_bets')
      .select('id')
      .where('status', '=', 'W')
      .execute();
    expect(waiting).toEqual([]);
    // Each revealed seed hashes to the previous period's seed.
    const later = (
      await app.inject({ method: 'GET', url: '/win/fairness?category=B&period=20250305006' })
    ).json();
    const check = await verifyColourRound({
      room: 'B',
      period: '20250305006',
      seed: later.seed,
      price: later.price,
      number: later.number,
      previousSeed: later.previous_seed,
    });
    expect(later.previous_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(check).toMatchObject({ ok: true, previousSeedMatches: true });
    await expectLedgerClean(database());
  });
});
