import { sql } from 'kysely';
import type { PlannedRead } from './combined-statements.ts';
import type { DialectName } from './dialect.ts';

/** The tables whose ids a group commit reserves before it writes its rows. */
export type ReservableIdTable = 'colour_bets' | 'luckyhit_bets';

/**
 * Reserves `count` new ids of a table in ascending order, planned for `readTogether`, so that a batch can
 * write its rows, their transfers and their answers together without reading the ids back first. PostgreSQL
 * draws them from the id column's sequence (ids of a batch that takes fewer rows are skipped, as after any
 * rollback); SQLite has one writer, whose transaction holds the write lock, so the ids after the largest
 * one ever given are free until it commits.
 */
export function planReserveIds(
  dialect: DialectName,
  table: ReservableIdTable,
  count: number,
): PlannedRead<{ id: number }, number[]> {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`cannot reserve ${count} ${table} ids`);
  if (dialect === 'postgres') {
    return {
      statement: sql<{ id: number }>`
        select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${count})
      `,
      settle: (rows) => {
        const ids = rows.map((row) => Number(row.id)).sort((left, right) => left - right);
        if (ids.length !== count) throw new Error(`reserved ${ids.length} of ${count} ${table} ids`);
        return ids;
      },
    };
  }
  return {
    statement: sql<{ id: number }>`
      select max(
        coalesce((select seq from sqlite_sequence where name = ${table}), 0),
        coalesce((select max(id) from ${sql.table(table)}), 0)
      ) as id
    `,
    settle: (rows) => {
      const last = Number(rows[0]?.id ?? 0);
      return Array.from({ length: count }, (_unused, index) => last + index + 1);
    },
  };
}
