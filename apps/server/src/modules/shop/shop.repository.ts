import type { Kysely } from 'kysely';
import { caseInsensitiveLike, type DialectName, escapeLikePattern } from '../../db/dialect.ts';
import type { Database, MoreGameRow, ProductRow } from '../../db/schema.ts';
import type { PageWindow } from '../../http/pagination.ts';

function activeProducts(db: Kysely<Database>, dialect: DialectName, keyword: string | undefined) {
  let query = db.selectFrom('products').where('is_active', '=', 1);
  if (keyword) {
    query = query.where('name', caseInsensitiveLike(dialect), `%${escapeLikePattern(keyword)}%`);
  }
  return query;
}

/** Active products matching the keyword, in catalogue order. */
export async function listActiveProducts(
  db: Kysely<Database>,
  dialect: DialectName,
  keyword: string | undefined,
  window: PageWindow,
): Promise<ProductRow[]> {
  return activeProducts(db, dialect, keyword)
    .selectAll()
    .orderBy('sort_order', 'asc')
    .orderBy('id', 'asc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** How many active products match the keyword. */
export async function countActiveProducts(
  db: Kysely<Database>,
  dialect: DialectName,
  keyword: string | undefined,
): Promise<number> {
  const row = await activeProducts(db, dialect, keyword)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One active product. */
export async function findActiveProduct(db: Kysely<Database>, id: number): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/** Enabled embedded games in display order. */
export async function listEnabledMoreGames(db: Kysely<Database>): Promise<MoreGameRow[]> {
  return db
    .selectFrom('more_games')
    .selectAll()
    .where('is_enabled', '=', 1)
    .orderBy('sort_order', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** How many products exist at all, active or not (the demo seed only fills an empty catalogue). */
export async function countAllProducts(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
