import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';

/** The SQL type a column of JSON-fed rows is read as. */
export type JsonRowColumnType = 'integer' | 'text';

/** Column names are spliced into SQL, so they must be plain identifiers. */
const COLUMN_NAME_PATTERN = /^[a-z_][a-z0-9_]*$/;

/**
 * A FROM item named `alias` whose rows are `rows`, sent as one JSON parameter: json_to_recordset on
 * PostgreSQL, json_each on SQLite. Batched statements use it instead of multi-row VALUES so that their SQL
 * text is the same whatever the batch size: SQLite's prepared-statement cache keeps one entry per text, and
 * one parameter never meets either dialect's parameter limit. The rows come out in array order.
 */
export function jsonRowsFrom(
  dialect: DialectName,
  alias: string,
  /** Plain objects whose values are numbers, strings or null. */
  rows: ReadonlyArray<object>,
  columns: Readonly<Record<string, JsonRowColumnType>>,
): RawBuilder<unknown> {
  const names = Object.keys(columns);
  for (const name of [alias, ...names]) {
    if (!COLUMN_NAME_PATTERN.test(name)) throw new Error(`jsonRowsFrom: ${name} is not a plain identifier`);
  }
  const json = JSON.stringify(rows);
  if (dialect === 'postgres') {
    const definitions = names.map((name) => `${name} ${columns[name] === 'integer' ? 'bigint' : 'text'}`);
    return sql`json_to_recordset(${json}::json) as ${sql.raw(alias)}(${sql.raw(definitions.join(', '))})`;
  }
  const selections = names.map((name) => `json_extract(value, '$.${name}') as ${name}`);
  return sql`(select ${sql.raw(selections.join(', '))} from json_each(${json})) as ${sql.raw(alias)}`;
}
