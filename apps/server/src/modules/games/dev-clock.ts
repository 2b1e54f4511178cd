import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/validation.ts';
import type { Clock } from '../../platform/clock.ts';

/** The largest single step of the development clock: one day. */
export const DEV_CLOCK_MAX_ADVANCE_SECONDS = 86_400;

/**
 * The system clock plus an offset that only grows: the clock of a development server started with
 * DEV_TEST_CLOCK, so an end-to-end test can close a period without waiting three minutes.
 */
export class DevTestClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock) {}

  now(): number {
    return this.base.now() + this.offsetMs;
  }

  advance(milliseconds: number): void {
    if (!Number.isSafeInteger(milliseconds) || milliseconds < 0)
      throw new Error('DevTestClock only moves forward');
    this.offsetMs += milliseconds;
  }
}

const advanceBody = z.object({
  seconds: z
    .number({ error: 'seconds must be a number' })
    .int('seconds must be a whole number')
    .min(1, 'seconds must be at least 1')
    .max(DEV_CLOCK_MAX_ADVANCE_SECONDS, `seconds must be at most ${DEV_CLOCK_MAX_ADVANCE_SECONDS}`),
});

/**
 * POST /dev/clock/advance {seconds}: runs the engines' ticks, moves the development clock forward, then
 * runs them again so the effect (a settled period) is visible when the call answers. The tick before the
 * move lets work under way finish at the time it began at: a first hash chain being made is committed for
 * the period after the old time, instead of for one after the new time, which a test that starts a server
 * and moves its clock at once would find out of step. Registered only outside production with
 * DEV_TEST_CLOCK set (DESIGN.md "Operator API and development endpoints").
 */
export function registerDevClockRoutes(
  app: FastifyInstance,
  clock: DevTestClock,
  runEngines: () => Promise<unknown>,
): void {
  app.post('/dev/clock/advance', async (request) => {
    const { seconds } = parseInput(advanceBody, request.body);
    await runEngines();
    clock.advance(seconds * 1000);
    await runEngines();
    return { code: 200, now: clock.now() };
  });
}
