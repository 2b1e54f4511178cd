import { createHash } from 'node:crypto';
import { COLOUR_PERIOD_MS } from '@app/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import type { ColourChainRow } from './colour.tables.ts';
import {
  COLOUR_CHAIN_COMMIT_LEAD_MS,
  ColourChainService,
  chainEndOf,
  chainNeedOf,
  deriveLink,
  generateChain,
  nextChainStart,
} from './colour-chain.service.ts';

/** 2025-03-05 00:00 IST, the start of period 20250305001. */
const MIDNIGHT_IST = Date.parse('2025-03-04T18:30:00Z');
const periodStart = (index: number) => MIDNIGHT_IST + (index - 1) * COLOUR_PERIOD_MS;
const logger = Fastify({ logger: false }).log;

const chainRow = (firstIndex: number, length: number): ColourChainRow => ({
  id: 1,
  room: 'P',
  chain_length: length,
  secret_hex: '00'.repeat(32),
  terminal_hash: '11'.repeat(32),
  first_period_start_at: periodStart(firstIndex),
  created_at: periodStart(firstIndex) - COLOUR_PERIOD_MS,
});

describe('hash chain generation', () => {
  it('makes a chain whose links hash down to the terminal hash, with the checkpoints in place', async () => {
    const chain = await generateChain(2_500, { checkpointInterval: 1000, hashesPerSlice: 300 });
    expect(chain.checkpoints.map((checkpoint) => checkpoint.linkIndex)).toEqual([1000, 2000, 2500]);
    expect(chain.checkpoints[2]?.linkHex).toBe(chain.secretHex);
    // Independently of deriveLink: SHA-256 applied 2500 times with node:crypto's streaming API.
    let link = Buffer.from(chain.secretHex, 'hex');
    for (let step = 0; step < 2_500; step += 1) link = createHash('sha256').update(link).digest();
    expect(chain.terminalHash).toBe(link.toString('hex'));
    for (const checkpoint of chain.checkpoints) {
      expect(deriveLink(checkpoint.linkHex, checkpoint.linkIndex, 0)).toBe(chain.terminalHash);
    }
  });

  it('yields to the event loop between slices instead of hashing everything in one go', async () => {
    let turns = 0;
    let done = false;
    const countTurns = (): void => {
      if (done) return;
      turns += 1;
      setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const generation = generateChain(20_000, { hashesPerSlice: 1_000 }).then((chain) => {
      done = true;
      return chain;
    });
    // Something scheduled after the generation began still runs before it ends.
    const order: string[] = [];
    await Promise.all([
      generation.then(() => order.push('chain')),
      new Promise<void>((resolve) => setImmediate(resolve)).then(() => order.push('other work')),
    ]);
    expect(order).toEqual(['other work', 'chain']);
    // Twenty slices: the loop got a turn between each two of them.
    expect(turns).toBeGreaterThanOrEqual(19);
  });

  it('stops between slices when aborted', async () => {
    const abort = new AbortController();
    const generation = generateChain(50_000, { hashesPerSlice: 100, signal: abort.signal });
    abort.abort();
    await expect(generation).rejects.toThrow();
  });
});

describe('where a new chain starts and when one is needed', () => {
  it('starts the first chain with the first period that begins at least the lead after now', () => {
    // 10 s into period 001: the next boundary (002) is far enough away.
    expect(nextChainStart(undefined, periodStart(1) + 10_000)).toBe(periodStart(2));
    // Within the lead of the boundary: the chain cannot be committed safely for 002, so it starts with 003.
    expect(nextChainStart(undefined, periodStart(2) - COLOUR_CHAIN_COMMIT_LEAD_MS + 1)).toBe(periodStart(3));
    expect(nextChainStart(undefined, periodStart(2) - COLOUR_CHAIN_COMMIT_LEAD_MS)).toBe(periodStart(2));
  });

  it('follows a chain that still runs without a gap, and after one that ran out starts after now', () => {
    const running = chainRow(2, 10); // periods 002…011
    expect(chainEndOf(running)).toBe(periodStart(12));
    expect(nextChainStart(running, periodStart(9) + 10_000)).toBe(periodStart(12));
    // It ran out at 011 while nothing ran; at 020 + 10 s the next chain starts with 021.
    expect(nextChainStart(running, periodStart(20) + 10_000)).toBe(periodStart(21));
  });

  it('asks for a chain now when none covers the next period, and for a renewal when few periods remain', () => {
    const ahead = () => 3;
    const running = chainRow(2, 10); // periods 002…011
    expect(chainNeedOf(undefined, periodStart(2), ahead)).toBe('urgent');
    expect(chainNeedOf(running, periodStart(5), ahead)).toBe('none'); // 005…011: 7 left
    expect(chainNeedOf(running, periodStart(9), ahead)).toBe('none'); // 009…011: 3 left
    expect(chainNeedOf(running, periodStart(10), ahead)).toBe('renew'); // 010, 011
    expect(chainNeedOf(running, periodStart(11), ahead)).toBe('renew');
    expect(chainNeedOf(running, periodStart(12), ahead)).toBe('urgent');
    expect(chainNeedOf(running, periodStart(40), ahead)).toBe('urgent');
  });

  it('refuses a renewal threshold that would renew at once or never', () => {
    expect(() => new ColourChainService(10, { renewAheadPeriods: 10 })).toThrow(/renewAheadPeriods/);
    expect(() => new ColourChainService(10, { renewAheadPeriods: 0 })).toThrow(/renewAheadPeriods/);
    expect(() => new ColourChainService(0)).toThrow(/chain length/);
  });
});

describeEachDatabase('colour chain renewal', (database) => {
  it('renews in the background without holding the caller, and the new chain follows without a gap', async () => {
    const clock = new ManualClock(periodStart(1) + 10_000);
    // One hash per slice: the generation has to give the event loop a turn after every link.
    const chains = new ColourChainService(40, {
      renewAheadPeriods: 5,
      hashesPerSlice: 1,
      logger,
      timeZone: 'Asia/Kolkata',
    });
    expect(await chains.prepare(database(), 'S', clock)).toBe('urgent');
    expect(chains.isGenerating('S')).toBe(false);
    const first = await chains.chainFor(database().db, 'S', periodStart(2));
    expect(first).toMatchObject({ first_period_start_at: periodStart(2), chain_length: 40 });
    expect(first?.created_at).toBeLessThan(periodStart(2));

    // Periods 002…041; at 036 the next period, 037, leaves 5: nothing yet. At 037, 038…041 leave 4.
    clock.set(periodStart(36) + 10_000);
    expect(await chains.prepare(database(), 'S', clock)).toBe('none');
    clock.set(periodStart(37) + 10_000);
    expect(await chains.prepare(database(), 'S', clock)).toBe('renew');
    // The call answered while the chain is still being made.
    expect(chains.isGenerating('S')).toBe(true);
    // Asking again joins the generation under way instead of starting another one.
    expect(await chains.prepare(database(), 'S', clock)).toBe('renew');
    await chains.whenIdle();
    expect(chains.isGenerating('S')).toBe(false);
    const rows = await database()
      .db.selectFrom('colour_chains')
      .selectAll()
      .where('room', '=', 'S')
      .orderBy('first_period_start_at')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[1]?.first_period_start_at).toBe(periodStart(42));
    expect(rows[1]?.created_at).toBeLessThan(periodStart(42));
    expect(rows[1]?.terminal_hash).not.toBe(rows[0]?.terminal_hash);
    expect(await chains.prepare(database(), 'S', clock)).toBe('none');
    // Period 041 is the first chain's last, 042 the second's first: nothing in between goes undrawn.
    expect((await chains.chainFor(database().db, 'S', periodStart(41)))?.id).toBe(rows[0]?.id);
    expect((await chains.chainFor(database().db, 'S', periodStart(42)))?.id).toBe(rows[1]?.id);
  });

  it('lays down a first chain only before its first period and only once', async () => {
    const chains = new ColourChainService(20);
    const now = periodStart(1) + 10_000;
    await expect(chains.ensureChain(database(), 'E', now, periodStart(1))).rejects.toThrow(
      /before its first/,
    );
    await expect(chains.ensureChain(database(), 'E', now, periodStart(2) + 1)).rejects.toThrow(/boundary/);
    expect(await chains.ensureChain(database(), 'E', now, periodStart(2))).toMatchObject({ room: 'E' });
    expect(await chains.ensureChain(database(), 'E', now, periodStart(3))).toBeUndefined();
  });
});
