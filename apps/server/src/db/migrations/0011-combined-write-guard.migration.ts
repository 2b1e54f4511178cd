import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * The row-count guard of `commitTogether` (db/combined-statements.ts). A combined write that commits on
 * its own, without a transaction around it, must refuse itself inside the database when one of its parts
 * changed a different number of rows than planned: by then a check in Node would be too late. The
 * function raises with SQLSTATE CW001, which the server reads as "someone changed these rows since they
 * were read", and the whole statement, every part of it, is undone.
 *
 * SQLite is left alone: it runs a combined write's parts one after another in a transaction and checks
 * the counts in Node before the commit.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    create function combined_write_guard(label text, changed bigint, expected bigint) returns bigint
    language plpgsql volatile as $$
    begin
      if changed is distinct from expected then
        raise exception 'combined write guard %: changed % of % rows', label, changed, expected
          using errcode = 'CW001';
      end if;
      return changed;
    end
    $$
  `.execute(db);
}
