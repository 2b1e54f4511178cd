import type { Kysely } from 'kysely';
import type { Database, NewProductRow } from '../../db/schema.ts';

/** Inserts the demo products and answers how many were written. */
export async function insertDemoProducts(db: Kysely<Database>, products: NewProductRow[]): Promise<number> {
  if (products.length === 0) return 0;
  await db.insertInto('products').values(products).execute();
  return products.length;
}
