import { sql } from 'kysely';
import type { PlannedRead } from '../../db/combined-statements.ts';

/** A player's access as a batch of game commands reads it: the early-access flag and whether suspended. */
export interface PlayerAccess {
  readonly early: boolean;
  readonly suspended: boolean;
}

/** Most users one access read takes (a bet batch holds far fewer; the limit guards against misuse). */
export const PLAYER_ACCESS_READ_MAX = 5_000;

/**
 * The access flags of these users now, planned for `readTogether`: what the session lookup reads with each
 * request (is_early, suspended_at), read once per batch of socket commands so that an operator's change
 * applies to the next command of a socket opened before it. A user who does not exist is absent.
 */
export function planReadPlayerAccess(
  userIds: readonly number[],
): PlannedRead<{ id: number; is_early: number; suspended: number }, Map<number, PlayerAccess>> {
  const distinct = [...new Set(userIds)];
  if (distinct.length > PLAYER_ACCESS_READ_MAX)
    throw new Error(
      `cannot read the access of ${distinct.length} users at once (at most ${PLAYER_ACCESS_READ_MAX})`,
    );
  for (const userId of distinct) {
    if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error(`not a user id: ${userId}`);
  }
  // The ids are checked integers; with none, the IN list holds an id no user has.
  const ids = distinct.length > 0 ? distinct : [0];
  return {
    statement: sql<{ id: number; is_early: number; suspended: number }>`
      select id, is_early, case when suspended_at is null then 0 else 1 end as suspended
      from users where id in (${sql.join(ids)})
    `,
    settle: (rows) =>
      new Map(
        rows.map((row) => [
          Number(row.id),
          { early: Number(row.is_early) === 1, suspended: Number(row.suspended) === 1 },
        ]),
      ),
  };
}
