import type { OperatorRole } from '@app/shared';
import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OperatorRow, OperatorSessionRow, OperatorsTable } from './operators.tables.ts';

/** Stores a new operator; answers its id, or undefined when the username is taken. */
export async function insertOperatorIfFree(
  db: Kysely<Database>,
  operator: { username: string; password_hash: string; role: OperatorRole; now: number },
): Promise<number | undefined> {
  const row = await db
    .insertInto('operators')
    .values({
      username: operator.username,
      password_hash: operator.password_hash,
      role: operator.role,
      created_at: operator.now,
      updated_at: operator.now,
    })
    .onConflict((conflict) => conflict.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

export function findOperatorByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findOperatorById(db: Kysely<Database>, id: number): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOperatorByEnrolmentToken(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<OperatorRow | undefined> {
  return db
    .selectFrom('operators')
    .selectAll()
    .where('enrolment_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Operators in id order, one page. */
export function listOperators(
  db: Kysely<Database>,
  window: { limit: number; offset: number },
): Promise<OperatorRow[]> {
  return db
    .selectFrom('operators')
    .selectAll()
    .orderBy('id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countOperators(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Active owners other than the given operator (an owner may not remove the last one). */
export async function countOtherActiveOwners(db: Kysely<Database>, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function updateOperator(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<OperatorsTable>,
): Promise<void> {
  await db.updateTable('operators').set(changes).where('id', '=', id).execute();
}

/**
 * Records an accepted TOTP time step, only if it is later than the last one: of two requests with the same
 * code, one wins. Answers whether this one did.
 */
export async function claimTotpStep(
  db: Kysely<Database>,
  id: number,
  step: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: step, updated_at: now })
    .where('id', '=', id)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertOperatorSession(
  db: Kysely<Database>,
  session: {
    token_hash: string;
    operator_id: number;
    ip: string | null;
    user_agent: string | null;
    now: number;
    expires_at: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('operator_sessions')
    .values({
      token_hash: session.token_hash,
      operator_id: session.operator_id,
      ip: session.ip,
      user_agent: session.user_agent,
      created_at: session.now,
      last_used_at: session.now,
      expires_at: session.expires_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The unrevoked session of a token hash with its operator (disabled operators included: the caller checks). */
export function findLiveOperatorSession(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<
  (OperatorSessionRow & { username: string; role: OperatorRole; disabled_at: number | null }) | undefined
> {
  return db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .selectAll('operator_sessions')
    .select(['operators.username', 'operators.role', 'operators.disabled_at'])
    .where('operator_sessions.token_hash', '=', tokenHash)
    .where('operator_sessions.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function touchOperatorSession(
  db: Kysely<Database>,
  id: number,
  now: number,
  olderThan: number,
): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where('last_used_at', '<=', olderThan)
    .execute();
}

/** Live sessions of one operator (or of every operator), newest first. */
export function listLiveOperatorSessions(
  db: Kysely<Database>,
  filter: { operatorId?: number; now: number; limit: number },
): Promise<OperatorSessionRow[]> {
  let query = db
    .selectFrom('operator_sessions')
    .selectAll()
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', filter.now);
  if (filter.operatorId !== undefined) query = query.where('operator_id', '=', filter.operatorId);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}

export function findOperatorSession(
  db: Kysely<Database>,
  id: number,
): Promise<OperatorSessionRow | undefined> {
  return db.selectFrom('operator_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Revokes one session; answers whether it was live. */
export async function revokeOperatorSession(db: Kysely<Database>, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes every live session of an operator; answers how many there were. */
export async function revokeOperatorSessions(
  db: Kysely<Database>,
  operatorId: number,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
