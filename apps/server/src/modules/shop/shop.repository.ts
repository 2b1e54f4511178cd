import type { Kysely } from 'kysely';
import { containsTextIgnoringCase, type DialectName } from '../../db/dialect.ts';
import type { Database, MoreGameRow, NewProductRow, ProductRow, ProductUpdate } from '../../db/schema.ts';
import { forUpdate } from '../../db/transaction.ts';
import type { PageWindow } from '../../http/pagination.ts';

function activeProducts(db: Kysely<Database>, dialect: DialectName, keyword: string | undefined) {
  let query = db.selectFrom('products').where('is_active', '=', 1);
  if (keyword) {
    query = query.where(containsTextIgnoringCase('name', keyword, dialect));
  }
  return query;
}

/** The columns the public catalogue shows. */
const PUBLIC_PRODUCT_COLUMNS = [
  'id',
  'name',
  'price_minor',
  'main_image',
  'image2',
  'image3',
  'spec',
  'stock',
] as const;

/** A product as the public catalogue shows it. */
export type PublicProductRow = Pick<ProductRow, (typeof PUBLIC_PRODUCT_COLUMNS)[number]>;

/** Active products matching the keyword, in catalogue order. */
export async function listActiveProducts(
  db: Kysely<Database>,
  dialect: DialectName,
  keyword: string | undefined,
  window: PageWindow,
): Promise<PublicProductRow[]> {
  return activeProducts(db, dialect, keyword)
    .select(PUBLIC_PRODUCT_COLUMNS)
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
export async function findActiveProduct(
  db: Kysely<Database>,
  id: number,
): Promise<PublicProductRow | undefined> {
  return db
    .selectFrom('products')
    .select(PUBLIC_PRODUCT_COLUMNS)
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/** Enabled embedded games in display order. */
export async function listEnabledMoreGames(
  db: Kysely<Database>,
): Promise<Pick<MoreGameRow, 'id' | 'name' | 'image'>[]> {
  return db
    .selectFrom('more_games')
    .select(['id', 'name', 'image'])
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

/** One product, active or not (the operator's view). */
export async function findProductById(db: Kysely<Database>, id: number): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One product locked until the transaction ends on PostgreSQL (an operator's edit reads, then writes). */
export async function lockProductById(
  trx: Kysely<Database>,
  dialect: DialectName,
  id: number,
): Promise<ProductRow | undefined> {
  return forUpdate(trx.selectFrom('products').selectAll().where('id', '=', id), dialect).executeTakeFirst();
}

/** One page of every product, active or not, in catalogue order. */
export async function listAllProducts(db: Kysely<Database>, window: PageWindow): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .selectAll()
    .orderBy('sort_order', 'asc')
    .orderBy('id', 'asc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** Adds a product and answers it. */
export async function insertProduct(db: Kysely<Database>, product: NewProductRow): Promise<ProductRow> {
  return db.insertInto('products').values(product).returningAll().executeTakeFirstOrThrow();
}

/** Changes the given fields of a product and answers it, or undefined when there is no such product. */
export async function updateProduct(
  db: Kysely<Database>,
  id: number,
  changes: ProductUpdate,
): Promise<ProductRow | undefined> {
  return db.updateTable('products').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}
