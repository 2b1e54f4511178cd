import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/** Settings, the product catalogue and the embedded-games list of the shop home. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (column) => column.primaryKey())
    .addColumn('value_json', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('products'), dialect)
    .addColumn('name', 'varchar(200)', (column) => column.notNull())
    .addColumn('price_minor', 'bigint', (column) => column.notNull().check(sql`price_minor > 0`))
    .addColumn('main_image', 'varchar(500)', (column) => column.notNull())
    .addColumn('image2', 'varchar(500)', (column) => column.notNull().defaultTo(''))
    .addColumn('image3', 'varchar(500)', (column) => column.notNull().defaultTo(''))
    .addColumn('spec', 'varchar(2000)', (column) => column.notNull().defaultTo(''))
    .addColumn('stock', 'integer', (column) => column.notNull().check(sql`stock >= 0`))
    .addColumn('cancellable', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('is_active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('products_listing_idx')
    .on('products')
    .columns(['is_active', 'sort_order', 'id'])
    .execute();

  await withIdColumn(db.schema.createTable('more_games'), dialect)
    .addColumn('name', 'varchar(100)', (column) => column.notNull())
    .addColumn('image', 'varchar(500)', (column) => column.notNull())
    .addColumn('launch_url', 'varchar(1000)', (column) => column.notNull())
    .addColumn('is_enabled', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
}
