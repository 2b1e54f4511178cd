import {
  type AdminColourPeriodListResponse,
  COLOUR_DIGITS,
  COLOUR_PERIOD_MS,
  type ColourChainCommitmentsResponse,
  ColourMessage,
  colourPayoutMinor,
  GUESS_TYPES,
  minorToDecimalString,
  payoutMultiplierTenths,
  periodNumberAt,
  ServerMessage,
  type UserGuessDto,
  verifyColourRound,
} from '@app/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerErrorHandling } from '../../../http/error-handler.ts';
import { installOperatorAccess } from '../../../http/operator-access.ts';
import { OPERATOR_AUTH_FAILED_EVENT } from '../../../http/operator-guard.ts';
import { PublicReadAnswers } from '../../../http/public-read-answers.ts';
import { computeSecurityHeaders, securityHeaderOptions } from '../../../http/security-headers.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../../test-support/test-app.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { AuditLog } from '../../accounts/audit-log.service.ts';
import { LedgerService } from '../../ledger/ledger.service.ts';
import { checkLedger } from '../../ledger/ledger-check.service.ts';
import { adminTokenHeaders } from '../../operators/operator-fixtures.ts';
import { balanceOf, createPlayer, fundWallet, type TestBuyer } from '../../orders/order-fixtures.ts';
import { SettingsService } from '../../settings/settings.service.ts';
import { WageringService } from '../../withdrawals/wagering.service.ts';
import { type ColourGameModule, createColourGameModule, registerColourGameModule } from './colour.module.ts';
import { COLOUR_LEDGER_CHECKS } from './colour-ledger-checks.ts';
import { payoutTenthsSql } from './colour-settlement.service.ts';

const KOLKATA = 'Asia/Kolkata';
/** 2025-03-05 00:00 IST: the start of period 20250305001 (the test app's market is in). */
const MIDNIGHT_IST = Date.parse('2025-03-04T18:30:00Z');
/** Short chains keep the tests fast; checkpoints every 1000 links still apply. */
const TEST_CHAIN_LENGTH = 3000;
const FUNDS_MINOR = 1_000_000;
/** The operator token of the app under test (the early-access test clears a player's flag with it). */
const ADMIN_TOKEN = 'colour-routes-operator-token-0123';

describeEachDatabase('colour game', (database) => {
  let app: FastifyInstance;
  let colour: ColourGameModule;
  const clock = new ManualClock(MIDNIGHT_IST + 10_000);
  let buyer: TestBuyer;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
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
    buyer = await createPlayer(database(), clock);
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
    const periodInfo = async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/win/next_period_info',
        headers: buyer.headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    // Before the first commitment nothing can take a bet, and when betting opens is not known yet.
    expect(await periodInfo()).toMatchObject({
      next_period: '20250305001',
      count_down_sec: 170,
      betting_opens_in_sec: null,
    });
    const report = await colour.engine.tick();
    expect(report.leader).toBe(true);
    // The period under way has no chain: the info offers the chain's first period and when it opens.
    expect(await periodInfo()).toMatchObject({
      next_period: '20250305002',
      count_down_sec: 350,
      betting_opens_in_sec: 170,
    });
    const fairnessNow = await app.inject({
      method: 'GET',
      url: `/win/fairness?category=P&period=${currentPeriod()}`,
    });
    expect(fairnessNow.statusCode).toBe(404);
    const refused = await bet(validBet());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(ColourMessage.periodClosed);
    // The commitments are public before the chains' first period begins.
    const upcoming = await app.inject({ method: 'GET', url: '/win/fairness/chains' });
    expect(upcoming.statusCode).toBe(200);
    expect(upcoming.json().chains.map((chain: { category: string; state: string }) => chain.state)).toEqual([
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    clock.set(MIDNIGHT_IST + COLOUR_PERIOD_MS + 5_000);
    const fairness = await app.inject({
      method: 'GET',
      url: `/win/fairness?category=P&period=${currentPeriod()}`,
    });
    expect(fairness.statusCode).toBe(200);
    expect(fairness.json()).toMatchObject({ chain_index: 1, settled: false, seed: null, price: null });
    expect(await periodInfo()).toMatchObject({
      next_period: '20250305002',
      count_down_sec: 175,
      betting_opens_in_sec: 0,
    });
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
    const poor = await createPlayer(database(), clock);
    const unaffordable = await bet(validBet(), {}, poor);
    expect(unaffordable.statusCode).toBe(400);
    expect(unaffordable.json().msg).toBe('Insufficient balance');
    expect(await myGuesses('P', poor)).toEqual([]);
    expect(await balanceOf(database(), clock, buyer.userId)).toBe(before);
    clock.set(MIDNIGHT_IST + COLOUR_PERIOD_MS + 5_000);
  });

  it('refuses every game call with 403 once the operator clears early access, and moves nothing', async () => {
    const player = await createPlayer(database(), clock);
    await fundWallet(database(), clock, player.userId, FUNDS_MINOR);
    const setEarly = async (isEarly: boolean) => {
      const response = await app.inject({
        method: 'PUT',
        url: `/admin/api/users/${player.userId}/flags`,
        headers: adminTokenHeaders(ADMIN_TOKEN),
        payload: { is_early: isEarly },
      });
      expect(response.statusCode).toBe(200);
    };
    const gameReads = ['/win/next_period_info?t=1', '/win/guesses?category=P', '/win/my_guesses?category=P'];
    const read = (url: string) => app.inject({ method: 'GET', url, headers: player.headers });
    for (const url of gameReads) expect((await read(url)).statusCode, url).toBe(200);

    await setEarly(false);
    const balance = await balanceOf(database(), clock, player.userId);
    const count = await betCount();
    const refused = await bet(validBet(), {}, player);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, msg: ServerMessage.earlyAccessRequired });
    for (const url of gameReads) {
      const response = await read(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().msg).toBe(ServerMessage.earlyAccessRequired);
    }
    // The public history and the fairness answers stay public (spec 02 §6).
    expect((await read('/win/next_period_info_noauth?category=P')).statusCode).toBe(200);
    expect(await balanceOf(database(), clock, player.userId)).toBe(balance);
    expect(await betCount()).toBe(count);

    await setEarly(true);
    expect((await read('/win/next_period_info?t=1')).statusCode).toBe(200);
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
    expect(totals.contract_total_minor).toBe(stakesP - totals.fee_total_minor);
    expect(totals.house_take_minor).toBe(stakesP - totals.payout_total_minor);

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
      betting_opens_in_sec: 0,
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

  it('publishes the chain commitment of each room, never its secret', async () => {
    const response = await app.inject({ method: 'GET', url: '/win/fairness/chains?t=1' });
    expect(response.statusCode).toBe(200);
    const { chains } = response.json() as ColourChainCommitmentsResponse;
    expect(chains.map((chain) => chain.category)).toEqual(['P', 'S', 'B', 'E']);
    const stored = await database().db.selectFrom('colour_chains').selectAll().execute();
    for (const chain of chains) {
      const row = stored.find((candidate) => candidate.room === chain.category);
      expect(Object.keys(chain).sort()).toEqual(
        [
          'category',
          'chain_length',
          'create_time',
          'first_period',
          'last_period',
          'state',
          'terminal_hash',
        ].sort(),
      );
      expect(chain).toMatchObject({
        terminal_hash: row?.terminal_hash,
        first_period: '20250305002',
        last_period: periodNumberAt(MIDNIGHT_IST + TEST_CHAIN_LENGTH * COLOUR_PERIOD_MS, KOLKATA),
        chain_length: TEST_CHAIN_LENGTH,
        create_time: row?.created_at,
        state: 'current',
      });
      expect(chain.create_time).toBeLessThan(MIDNIGHT_IST + COLOUR_PERIOD_MS);
      expect(response.body).not.toContain(row?.secret_hex);
    }
    // The commitment is the one every round of the chain is checked against.
    const fairness = await app.inject({ method: 'GET', url: '/win/fairness?category=S&period=20250305003' });
    const one = await app.inject({ method: 'GET', url: '/win/fairness/chains?category=S' });
    expect(one.json().chains).toHaveLength(1);
    expect(one.json().chains[0].terminal_hash).toBe(fairness.json().terminal_hash);
    expect((await app.inject({ method: 'GET', url: '/win/fairness/chains?category=X' })).statusCode).toBe(
      400,
    );
  });

  it('gives the operator the house figures of each settled period, behind the operator token', async () => {
    const adminToken = 'colour-operator-token-0123456789';
    const audit = new AuditLog(database().db, clock);
    const operatorApp = Fastify({ logger: false });
    registerErrorHandling(operatorApp, 65_536);
    installOperatorAccess(operatorApp, { adminToken, audit });
    registerColourGameModule(operatorApp, colour, {
      authGuard: async () => {
        throw new Error('no player call in this test');
      },
      publicReadAnswers: new PublicReadAnswers(
        computeSecurityHeaders(securityHeaderOptions({ publicUrl: 'http://localhost' })),
      ),
    });
    await operatorApp.ready();
    try {
      const list = (query: string, token: string | null = adminToken) =>
        operatorApp.inject({
          method: 'GET',
          url: `/admin/api/colour/periods${query}`,
          headers: token === null ? {} : { authorization: `Bearer ${token}` },
        });
      expect((await list('?category=P', null)).statusCode).toBe(401);
      expect((await list('?category=P', 'not-the-token-at-all-000000')).statusCode).toBe(401);
      const refusals = await audit.recent({ event: OPERATOR_AUTH_FAILED_EVENT });
      expect(refusals[0]?.detail).toEqual({ route: 'GET /admin/api/colour/periods', repeats_counted: true });
      const counted = await audit.repeatedEventCounts({ event: OPERATOR_AUTH_FAILED_EVENT });
      expect(counted.reduce((sum, row) => sum + row.hits, 0)).toBeGreaterThanOrEqual(2);
      expect((await list('?category=X')).statusCode).toBe(400);
      expect((await list('?p_size=1000')).statusCode).toBe(400);

      const response = await list('?category=P&p=1&p_size=100');
      expect(response.statusCode).toBe(200);
      const page = response.json() as AdminColourPeriodListResponse;
      const settledP = await database()
        .db.selectFrom('colour_periods')
        .selectAll()
        .where('room', '=', 'P')
        .where('status', '=', 'settled')
        .orderBy('start_at', 'desc')
        .execute();
      expect(page.page.count).toBe(settledP.length);
      expect(page.queryset.map((row) => row.period)).toEqual(settledP.map((row) => row.period));
      // Period 002 took the bets of every type: its figures, recomputed from the bets themselves.
      const bets = await database()
        .db.selectFrom('colour_bets')
        .selectAll()
        .where('room', '=', 'P')
        .where('period', '=', '20250305002')
        .execute();
      const sum = (pick: (row: (typeof bets)[number]) => number) =>
        bets.reduce((total, row) => total + pick(row), 0);
      const stake = sum((row) => row.stake_minor);
      const fee = sum((row) => row.fee_minor);
      const payout = sum((row) => row.amount_minor);
      expect(fee).toBe(stake * 0.02);
      const period002 = page.queryset.find((row) => row.period === '20250305002');
      const drawn = settledP.find((row) => row.period === '20250305002');
      expect(period002).toEqual({
        period: '20250305002',
        category: 'P',
        price: drawn?.price,
        result: drawn?.result_number,
        bet_count: bets.length,
        stake: minorToDecimalString(stake),
        fee: minorToDecimalString(fee),
        contract: minorToDecimalString(stake - fee),
        payout: minorToDecimalString(payout),
        house_take: minorToDecimalString(stake - payout),
        settled_time: drawn?.settled_at,
      });
      // A period without bets is listed with zeros; every room's periods when no category is given.
      expect(page.queryset.find((row) => row.period === '20250305004')).toMatchObject({
        bet_count: 0,
        stake: '0.00',
        house_take: '0.00',
      });
      const all = (await list('?p=1&p_size=2')).json() as AdminColourPeriodListResponse;
      const everyRoom = await database()
        .db.selectFrom('colour_periods')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', 'settled')
        .executeTakeFirstOrThrow();
      expect(all.page.count).toBe(Number(everyRoom.count));
      expect(all.queryset).toHaveLength(2);

      // Figures that do not add up are reported by the ledger check and never shown as if they did.
      const tamper = (delta: number) =>
        database()
          .db.updateTable('colour_periods')
          .set((eb) => ({ house_take_minor: eb('house_take_minor', '+', delta) }))
          .where('room', '=', 'P')
          .where('period', '=', '20250305002')
          .execute();
      await tamper(1);
      const report = await checkLedger(database(), COLOUR_LEDGER_CHECKS);
      expect(
        report.checks.find((check) => check.name === 'colour-period-figures-add-up')?.violations,
      ).toEqual([expect.stringContaining(`colour period ${drawn?.id}:`)]);
      expect((await list('?category=P')).statusCode).toBe(500);
      await tamper(-1);
    } finally {
      await operatorApp.close();
    }
  });

  it('has the operator route in the app, refused without the operator token', async () => {
    const response = await app.inject({ method: 'GET', url: '/admin/api/colour/periods?category=P' });
    expect(response.statusCode).toBe(401);
  });
});
