import { Writable } from 'node:stream';
import {
  COLOUR_CATEGORIES,
  COLOUR_PERIOD_MS,
  type ColourCategory,
  ColourMessage,
  periodNumberAt,
  verifyColourRound,
} from '@app/shared';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppError } from '../../../http/app-error.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { LedgerService } from '../../ledger/ledger.service.ts';
import { createPlayer, fundWallet, type TestBuyer } from '../../orders/order-fixtures.ts';
import { SettingsService } from '../../settings/settings.service.ts';
import { WageringService } from '../../withdrawals/wagering.service.ts';
import { type ColourGameModule, createColourGameModule } from './colour.module.ts';
import { COLOUR_CHAIN_COMMITTED_LOG } from './colour-chain.service.ts';

const KOLKATA = 'Asia/Kolkata';
/** 2025-03-05 00:00 IST, the start of period 20250305001. */
const MIDNIGHT_IST = Date.parse('2025-03-04T18:30:00Z');
const periodStart = (index: number) => MIDNIGHT_IST + (index - 1) * COLOUR_PERIOD_MS;
const periodNumber = (index: number) => periodNumberAt(periodStart(index), KOLKATA);
/** Ten seconds into a period: betting is open. */
const INTO_PERIOD_MS = 10_000;
const FUNDS_MINOR = 1_000_000;
/** A preset of the in market (10 rupees). */
const CONTRACT_MINOR = 1_000;

/** A logger whose JSON lines the test reads back. */
function capturingLogger(): { logger: FastifyBaseLogger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: Fastify({ logger: { level: 'info', stream } }).log, lines };
}

function moduleOn(
  database: Parameters<typeof createColourGameModule>[0]['database'],
  clock: ManualClock,
  logger: FastifyBaseLogger,
  chainLength: number,
  renewAheadPeriods?: number,
): ColourGameModule {
  const settings = new SettingsService(database.db, clock);
  return createColourGameModule({
    database,
    clock,
    ledger: new LedgerService(database, clock),
    settings,
    market: 'in',
    logger,
    wagering: new WageringService(settings, clock),
    chainLength,
    ...(renewAheadPeriods === undefined ? {} : { renewAheadPeriods }),
  });
}

const betOn = (colour: ColourGameModule, player: TestBuyer, room: ColourCategory, period: string) =>
  colour.game.addGuess(
    player.userId,
    {
      category: room,
      period,
      guessType: 'G',
      guessNumber: null,
      contractMoneyMinor: CONTRACT_MINOR,
      contractCount: 1,
    },
    { key: undefined, route: 'test' },
  );

describeEachDatabase('colour chains after downtime', (database) => {
  const clock = new ManualClock(periodStart(1) + INTO_PERIOD_MS);
  const { logger, lines } = capturingLogger();
  let colour: ColourGameModule;
  let player: TestBuyer;

  beforeAll(async () => {
    // Five links: the first chains cover periods 002…006 and are never renewed ahead (a tenth of 5 is 0.5).
    colour = moduleOn(database(), clock, logger, 5);
    player = await createPlayer(database(), clock);
    await fundWallet(database(), clock, player.userId, FUNDS_MINOR);
  });
  afterAll(async () => {
    await colour?.engine.stop();
  });

  it('publishes each chain in the log before its first period: room, chain id, terminal hash, first period', async () => {
    await colour.engine.tick();
    const published = lines.filter((line) => line.msg === COLOUR_CHAIN_COMMITTED_LOG);
    expect(published.map((line) => line.room).sort()).toEqual([...COLOUR_CATEGORIES].sort());
    const chains = await database().db.selectFrom('colour_chains').selectAll().execute();
    for (const line of published) {
      const chain = chains.find((row) => row.id === line.chain_id);
      expect(line).toMatchObject({
        room: chain?.room,
        terminal_hash: chain?.terminal_hash,
        first_period: periodNumber(2),
        chain_length: 5,
      });
      // The secret never reaches the log.
      expect(JSON.stringify(line)).not.toContain(chain?.secret_hex);
      expect(chain?.created_at).toBeLessThan(periodStart(2));
    }
  });

  it('starts the next chain after its commit when one ran out while down: the gap is not drawn', async () => {
    // A bet in 006, the first chains' last period; then nobody ticks until 015 is under way.
    clock.set(periodStart(6) + INTO_PERIOD_MS);
    await betOn(colour, player, 'P', periodNumber(6));
    clock.set(periodStart(15) + INTO_PERIOD_MS);
    const report = await colour.engine.tick();
    // 002…006 are drawn from the chains that covered them, 006 with its bet; 007…014 had no chain.
    expect(report.settled.filter((entry) => entry.startsWith('P:'))).toEqual(
      [2, 3, 4, 5, 6].map((index) => `P:${periodNumber(index)}`),
    );
    const next = await database()
      .db.selectFrom('colour_chains')
      .selectAll()
      .where('room', '=', 'P')
      .orderBy('first_period_start_at', 'desc')
      .executeTakeFirstOrThrow();
    // Committed at 015 + 10 s, it draws from 016 on: never a period that had begun before the commit.
    expect(next.first_period_start_at).toBe(periodStart(16));
    expect(next.created_at).toBeLessThan(next.first_period_start_at);
    const logged = lines.find((line) => line.msg === COLOUR_CHAIN_COMMITTED_LOG && line.chain_id === next.id);
    expect(logged).toMatchObject({
      room: 'P',
      first_period: periodNumber(16),
      terminal_hash: next.terminal_hash,
    });

    const rows = await database()
      .db.selectFrom('colour_periods')
      .select(['period', 'status'])
      .where('room', '=', 'P')
      .orderBy('start_at')
      .execute();
    expect(rows).toEqual(
      [2, 3, 4, 5, 6].map((index) => ({ period: periodNumber(index), status: 'settled' })),
    );
    const bets = await database().db.selectFrom('colour_bets').select(['status']).execute();
    expect(bets.map((bet) => bet.status)).toEqual([expect.stringMatching(/^[SF]$/)]);

    // The gap has no result, and says so; the period under way (015) is not open to bets either.
    await expect(colour.game.fairness('P', periodNumber(10))).rejects.toMatchObject({
      code: 404,
      message: ColourMessage.periodNotDrawn,
    } satisfies Partial<AppError>);
    await expect(colour.game.fairness('P', periodNumber(15))).rejects.toMatchObject({
      message: ColourMessage.periodNotFound,
    });
    await expect(betOn(colour, player, 'P', periodNumber(15))).rejects.toMatchObject({
      message: ColourMessage.periodClosed,
    });
    // The public history and records list the drawn periods only.
    const history = await colour.history.read('P');
    expect(history.periods.map((entry) => entry.today_times)).toEqual(['002', '003', '004', '005', '006']);
    const records = await colour.game.guesses({ category: 'P', p: 1, p_size: 20 });
    expect(records.page.count).toBe(5);
    const commitments = await colour.game.chainCommitments('P');
    expect(commitments.chains.map((chain) => [chain.first_period, chain.last_period, chain.state])).toEqual([
      [periodNumber(16), periodNumber(20), 'upcoming'],
      [periodNumber(2), periodNumber(6), 'finished'],
    ]);
  });

  it('takes bets and draws again from the new chain, verifiably against its terminal hash', async () => {
    clock.set(periodStart(16) + INTO_PERIOD_MS);
    await betOn(colour, player, 'P', periodNumber(16));
    expect((await colour.engine.tick()).settled).toEqual([]);
    expect((await colour.game.chainCommitments('P')).chains[0]?.state).toBe('current');
    clock.set(periodStart(17) + INTO_PERIOD_MS);
    const report = await colour.engine.tick();
    expect(report.settled).toEqual(COLOUR_CATEGORIES.map((room) => `${room}:${periodNumber(16)}`));
    const fairness = await colour.game.fairness('P', periodNumber(16));
    expect(fairness).toMatchObject({ settled: true, chain_index: 1, previous_seed: null });
    const check = await verifyColourRound({
      room: 'P',
      period: fairness.period,
      seed: fairness.seed ?? '',
      price: fairness.price ?? -1,
      number: fairness.number ?? -1,
      terminalHash: fairness.terminal_hash,
      chainIndex: fairness.chain_index,
    });
    expect(check).toMatchObject({ ok: true, terminalHashMatches: true });
    await expectLedgerClean(database());
  });
});

describeEachDatabase('colour chains renewed ahead', (database) => {
  const clock = new ManualClock(periodStart(1) + INTO_PERIOD_MS);
  let colour: ColourGameModule;
  let player: TestBuyer;

  beforeAll(async () => {
    // Twelve links (periods 002…013), renewed once fewer than four remain.
    colour = moduleOn(database(), clock, Fastify({ logger: false }).log, 12, 4);
    player = await createPlayer(database(), clock);
    await fundWallet(database(), clock, player.userId, FUNDS_MINOR);
  });
  afterAll(async () => {
    await colour?.engine.stop();
  });

  it('goes from one chain to the next without a period left undrawn', async () => {
    const settled: string[] = [];
    for (let index = 1; index <= 20; index += 1) {
      clock.set(periodStart(index) + INTO_PERIOD_MS);
      if (index === 14) await betOn(colour, player, 'B', periodNumber(14));
      settled.push(...(await colour.engine.tick()).settled);
    }
    for (const room of COLOUR_CATEGORIES) {
      const expected = Array.from({ length: 18 }, (_, offset) => `${room}:${periodNumber(offset + 2)}`);
      expect(settled.filter((entry) => entry.startsWith(`${room}:`))).toEqual(expected);
      const chains = await database()
        .db.selectFrom('colour_chains')
        .select(['id', 'first_period_start_at', 'created_at'])
        .where('room', '=', room)
        .orderBy('first_period_start_at')
        .execute();
      // The second chain was committed while the first still ran and starts where the first ends.
      expect(chains.map((chain) => chain.first_period_start_at)).toEqual([periodStart(2), periodStart(14)]);
      expect(chains[1]?.created_at).toBeLessThan(periodStart(13));
      const periods = await database()
        .db.selectFrom('colour_periods')
        .select(['chain_id', 'chain_index'])
        .where('room', '=', room)
        .orderBy('start_at')
        .execute();
      expect(periods.map((period) => [period.chain_id, period.chain_index])).toEqual([
        ...Array.from({ length: 12 }, (_, offset) => [chains[0]?.id, offset + 1]),
        ...Array.from({ length: 6 }, (_, offset) => [chains[1]?.id, offset + 1]),
      ]);
    }
    const bet = await database()
      .db.selectFrom('colour_bets')
      .select(['status', 'period'])
      .executeTakeFirstOrThrow();
    expect(bet).toMatchObject({ period: periodNumber(14), status: expect.stringMatching(/^[SF]$/) });
    await expectLedgerClean(database());
  });
});
