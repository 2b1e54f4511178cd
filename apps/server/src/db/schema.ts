import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AccountsTables } from '../modules/accounts/accounts.tables.ts';
import type { AddressesTables } from '../modules/addresses/addresses.tables.ts';
import type { ApprovalsTables } from '../modules/approvals/approvals.tables.ts';
import type { AviatorTables } from '../modules/games/aviator/aviator.tables.ts';
import type { ColourTables } from '../modules/games/colour/colour.tables.ts';
import type { LuckyHitTables } from '../modules/games/luckyhit/luckyhit.tables.ts';
import type { GiftsTables } from '../modules/gifts/gifts.tables.ts';
import type { IdempotencyTables } from '../modules/idempotency/idempotency.tables.ts';
import type { LauncherTables } from '../modules/launcher/launcher.tables.ts';
import type { LedgerTables } from '../modules/ledger/ledger.tables.ts';
import type { OperatorsTables } from '../modules/operators/operators.tables.ts';
import type { OrdersTables } from '../modules/orders/orders.tables.ts';
import type { PaymentsTables } from '../modules/payments/payments.tables.ts';
import type { PromotionTables } from '../modules/promotion/promotion.tables.ts';
import type { SuggestionsTables } from '../modules/suggestions/suggestions.tables.ts';
import type { MediaTables } from '../modules/uploads/uploads.tables.ts';
import type { WithdrawalsTables } from '../modules/withdrawals/withdrawals.tables.ts';

/**
 * Table types of the whole database. Money columns are BIGINT minor units named *_minor; times are
 * BIGINT UTC epoch milliseconds named *_at. Booleans are stored as 0/1 integers on both dialects.
 */
export interface Database
  extends FoundationTables,
    AccountsTables,
    LedgerTables,
    IdempotencyTables,
    PaymentsTables,
    AddressesTables,
    OrdersTables,
    ColourTables,
    WithdrawalsTables,
    AviatorTables,
    LuckyHitTables,
    PromotionTables,
    GiftsTables,
    SuggestionsTables,
    LauncherTables,
    MediaTables,
    OperatorsTables,
    ApprovalsTables {}

/**
 * Tables of migration 0001. Later modules declare their tables beside their code (for example
 * `modules/accounts/accounts.tables.ts`) and add them to the `Database` interface above.
 */
export interface FoundationTables {
  schema_migrations: SchemaMigrationsTable;
  settings: SettingsTable;
  products: ProductsTable;
  more_games: MoreGamesTable;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: number;
}

export interface SettingsTable {
  key: string;
  /** JSON text of the typed value; the settings module owns parsing. */
  value_json: string;
  updated_at: number;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  price_minor: number;
  main_image: string;
  image2: string;
  image3: string;
  spec: string;
  stock: number;
  cancellable: ColumnType<number, number | undefined, number>;
  is_active: ColumnType<number, number | undefined, number>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}

export interface MoreGamesTable {
  id: Generated<number>;
  name: string;
  image: string;
  launch_url: string;
  is_enabled: ColumnType<number, number | undefined, number>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: number;
  /** Migration 0040: a game launched through a registered provider, and the provider's name for it. */
  provider_id: ColumnType<number | null, number | null | undefined, number | null>;
  game_code: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type MoreGameRow = Selectable<MoreGamesTable>;
