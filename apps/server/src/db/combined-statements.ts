import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from './dialect.ts';
import type { Database } from './schema.ts';

/**
 * Statements planned by several modules and sent to the database together. On PostgreSQL each round trip
 * of a busy server costs more than most statements of a bet batch take to run (the answer waits for the
 * event loop, which is parsing other requests), so a transaction that must hold its locks across several
 * statements sends them as one: the reads as one SELECT of JSON arrays, the writes as one statement of
 * data-changing CTEs. On SQLite, in the same process, the statements simply run one after another.
 *
 * Combined writes run on one snapshot and do not see each other's rows, so a plan may only combine writes
 * that do not depend on each other and never change the same row twice (PostgreSQL refuses the latter).
 */

/** Most statements one combined read or write takes: the bet intake uses six at most. */
export const COMBINED_STATEMENTS_MAX = 12;

/** A data-changing statement (INSERT, UPDATE or DELETE without RETURNING) and the check of its row count. */
export interface PlannedWrite {
  readonly statement: RawBuilder<unknown>;
  /** Told how many rows the statement changed; throws when that breaks an invariant. */
  readonly settle: (changedRows: number) => void;
}

/** A SELECT whose rows are plain numbers, strings and nulls, and what its planner makes of them. */
export interface PlannedRead<Row, Result> {
  readonly statement: RawBuilder<Row>;
  /**
   * True when the SELECT locks its rows (FOR UPDATE, FOR SHARE) for the rest of the transaction: outside
   * one the lock would end with the statement, so `readTogether` refuses it there.
   */
  readonly locks?: boolean;
  // A method, not a function property, so that a read of any row type fits PlannedRead<unknown, unknown>.
  settle(rows: Row[]): Result;
}

type ReadResults<Reads> = {
  [Name in keyof Reads]: Reads[Name] extends PlannedRead<unknown, infer Result> ? Result : never;
};

const NAME_PATTERN = /^[a-z_][a-z0-9_]*$/;

function assertPlan(count: number, names: readonly string[]): void {
  if (count > COMBINED_STATEMENTS_MAX) {
    throw new Error(`cannot combine ${count} statements (at most ${COMBINED_STATEMENTS_MAX})`);
  }
  for (const name of names) {
    if (!NAME_PATTERN.test(name))
      throw new Error(`combined statement name ${name} is not a plain identifier`);
  }
}

/** Runs the writes in one statement on PostgreSQL (in order on SQLite) and settles each with its count. */
export async function writeTogether(
  db: Kysely<Database>,
  dialect: DialectName,
  writes: ReadonlyArray<PlannedWrite | undefined>,
): Promise<void> {
  const planned = writes.filter((write): write is PlannedWrite => write !== undefined);
  if (planned.length === 0) return;
  if (planned.length > 1 && !db.isTransaction)
    throw new Error('combined writes must run inside a transaction');
  assertPlan(planned.length, []);
  if (dialect === 'sqlite') {
    for (const write of planned) {
      const result = await write.statement.execute(db);
      write.settle(Number(result.numAffectedRows ?? 0n));
    }
    return;
  }
  const parts = planned.map(
    (write, index) => sql`${sql.raw(`w${index}`)} as (${write.statement} returning 1)`,
  );
  const counts = planned.map(
    (_write, index) => sql`(select count(*) from ${sql.raw(`w${index}`)}) as ${sql.raw(`w${index}`)}`,
  );
  const result = await sql<Record<string, number>>`
    with ${sql.join(parts)} select ${sql.join(counts)}
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('a combined write answered no row');
  for (const [index, write] of planned.entries()) write.settle(Number(row[`w${index}`]));
}

/**
 * Runs the reads in one SELECT on PostgreSQL (in order on SQLite) and settles each with its rows. Locking
 * clauses (FOR UPDATE, FOR SHARE) keep working inside it. All reads share the statement's snapshot, taken
 * before any of them waits for a lock: rows locked by a read are re-read when the lock is granted, the
 * other reads' rows are not, so a read that must see what the lock holder committed goes in a later
 * statement. Rows travel as JSON on PostgreSQL, so a read must only return numbers within the safe integer
 * range, strings and nulls.
 */
export async function readTogether<Reads extends Record<string, PlannedRead<unknown, unknown>>>(
  db: Kysely<Database>,
  dialect: DialectName,
  reads: Reads,
): Promise<ReadResults<Reads>> {
  const names = Object.keys(reads);
  assertPlan(names.length, names);
  for (const name of names) {
    if ((reads[name] as PlannedRead<unknown, unknown>).locks && !db.isTransaction)
      throw new Error(`combined read ${name} locks rows and must run inside a transaction`);
  }
  const results: Record<string, unknown> = {};
  if (dialect === 'sqlite' || names.length === 1) {
    for (const name of names) {
      const read = reads[name] as PlannedRead<unknown, unknown>;
      results[name] = read.settle((await read.statement.execute(db)).rows);
    }
    return results as ReadResults<Reads>;
  }
  const columns = names.map((name) => {
    const read = reads[name] as PlannedRead<unknown, unknown>;
    return sql`(select coalesce(json_agg(r), '[]'::json) from (${read.statement}) r) as ${sql.raw(name)}`;
  });
  const result = await sql<Record<string, unknown[]>>`select ${sql.join(columns)}`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('a combined read answered no row');
  for (const name of names) {
    const rows = row[name];
    if (!Array.isArray(rows)) throw new Error(`combined read ${name} answered no rows array`);
    for (const value of rows) assertJsonRow(name, value);
    results[name] = (reads[name] as PlannedRead<unknown, unknown>).settle(rows);
  }
  return results as ReadResults<Reads>;
}

/** A JSON row must hold what the typed parsers would have given: safe integers among its numbers. */
function assertJsonRow(name: string, value: unknown): void {
  if (value === null || typeof value !== 'object')
    throw new Error(`combined read ${name} answered a non-row`);
  for (const [column, field] of Object.entries(value)) {
    if (typeof field === 'number' && !Number.isSafeInteger(field)) {
      throw new Error(`Database invariant violated: ${name}.${column} = ${field} is not a safe integer`);
    }
  }
}
