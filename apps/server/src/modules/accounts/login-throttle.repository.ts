import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The wait after each number of failures: none up to `free`, then `baseMs` doubling up to `maxMs`. */
export interface DelayLadder {
  free: number;
  baseMs: number;
  maxMs: number;
}

/** The wait after `failures` failures on a ladder. */
export function delayAfter(ladder: DelayLadder, failures: number): number {
  if (failures <= ladder.free) return 0;
  return Math.min(ladder.maxMs, ladder.baseMs * 2 ** (failures - ladder.free - 1));
}

/**
 * delayAfter as SQL: a CASE over the few rungs below the cap (the same on both dialects). Callers add it to
 * a moment cast to bigint: PostgreSQL would otherwise type the moment's parameter as the CASE's integer.
 */
function delaySql(ladder: DelayLadder, failures: RawBuilder<number>): RawBuilder<number> {
  const rungs: RawBuilder<unknown>[] = [sql`when ${failures} <= ${ladder.free} then 0`];
  for (let count = ladder.free + 1; delayAfter(ladder, count) < ladder.maxMs; count += 1) {
    rungs.push(sql`when ${failures} = ${count} then ${delayAfter(ladder, count)}`);
  }
  return sql<number>`(case ${sql.join(rungs, sql` `)} else ${ladder.maxMs} end)`;
}

/**
 * Claims one login attempt on a throttle, unless it must still wait: in one conditional upsert (the row
 * lock makes parallel attempts take turns), the attempt counts as a failure in advance and sets the wait
 * that this many failures earn; a success later clears or refunds it. Failures older than `forgetBefore`
 * are forgotten. Answers the failures counted, or undefined when the throttle is still waiting.
 */
export async function claimLoginAttempt(
  db: Kysely<Database>,
  throttleKey: string,
  ladder: DelayLadder,
  now: number,
  forgetBefore: number,
): Promise<number | undefined> {
  const failures = sql<number>`(case when login_throttles.updated_at <= ${forgetBefore} then 1 else login_throttles.failures + 1 end)`;
  const result = await sql<{ failures: number }>`
    insert into login_throttles (throttle_key, failures, blocked_until, updated_at)
    values (${throttleKey}, 1, ${now + delayAfter(ladder, 1)}, ${now})
    on conflict (throttle_key) do update set
      failures = ${failures},
      blocked_until = cast(${now} as bigint) + ${delaySql(ladder, failures)},
      updated_at = ${now}
    where login_throttles.blocked_until <= ${now}
    returning failures
  `.execute(db);
  const row = result.rows[0];
  return row === undefined ? undefined : Number(row.failures);
}

/** When each of the throttles may next be tried (throttles never claimed are absent). */
export async function findBlockedUntil(
  db: Kysely<Database>,
  throttleKeys: readonly string[],
): Promise<Map<string, number>> {
  if (throttleKeys.length === 0) return new Map();
  const rows = await db
    .selectFrom('login_throttles')
    .select(['throttle_key', 'blocked_until'])
    .where('throttle_key', 'in', throttleKeys)
    .execute();
  return new Map(rows.map((row) => [row.throttle_key, Number(row.blocked_until)]));
}

/** Forgets a throttle's failures (its owner proved the password). */
export async function clearLoginThrottle(db: Kysely<Database>, throttleKey: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('throttle_key', '=', throttleKey).execute();
}

/**
 * Takes back the failure an attempt counted in advance when it turned out a success, and the wait it set
 * beyond what the remaining failures earn.
 */
export async function refundLoginAttempt(
  db: Kysely<Database>,
  throttleKey: string,
  ladder: DelayLadder,
  claimedAt: number,
): Promise<void> {
  const failures = sql<number>`(case when failures > 0 then failures - 1 else 0 end)`;
  await sql`
    update login_throttles set
      failures = ${failures},
      blocked_until = cast(${claimedAt} as bigint) + ${delaySql(ladder, failures)}
    where throttle_key = ${throttleKey} and updated_at = ${claimedAt}
  `.execute(db);
}
