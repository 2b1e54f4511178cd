import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { forUpdate } from '../../db/transaction.ts';
import type { PageWindow } from '../../http/pagination.ts';
import type {
  GameProviderRow,
  GameSessionRow,
  ProviderTransactionRow,
  ProviderTransactionsTable,
} from './launcher.tables.ts';

/** An enabled game of the home list with its enabled provider. */
export async function findLaunchableGame(db: Kysely<Database>, gameId: number) {
  return db
    .selectFrom('more_games as g')
    .innerJoin('game_providers as p', 'p.id', 'g.provider_id')
    .select(['g.id', 'g.game_code', 'p.id as provider_id', 'p.launch_url', 'p.key as provider_key'])
    .where('g.id', '=', gameId)
    .where('g.is_enabled', '=', 1)
    .where('p.is_enabled', '=', 1)
    .executeTakeFirst();
}

export async function findProviderByKey(
  db: Kysely<Database>,
  key: string,
): Promise<GameProviderRow | undefined> {
  return db.selectFrom('game_providers').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function insertSession(
  db: Kysely<Database>,
  values: {
    userId: number;
    gameId: number;
    providerId: number;
    launchTokenHash: string;
    expiresAt: number;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('game_sessions')
    .values({
      user_id: values.userId,
      game_id: values.gameId,
      provider_id: values.providerId,
      launch_token_hash: values.launchTokenHash,
      session_token_hash: null,
      launch_expires_at: values.expiresAt,
      opened_at: null,
      created_at: values.now,
    })
    .execute();
}

/** Opens a launch once: answers the session when its token was unused, unexpired and of this provider. */
export async function openSession(
  db: Kysely<Database>,
  values: { providerId: number; launchTokenHash: string; sessionTokenHash: string; now: number },
): Promise<GameSessionRow | undefined> {
  const updated = await db
    .updateTable('game_sessions')
    .set({ session_token_hash: values.sessionTokenHash, opened_at: values.now })
    .where('launch_token_hash', '=', values.launchTokenHash)
    .where('provider_id', '=', values.providerId)
    .where('opened_at', 'is', null)
    .where('launch_expires_at', '>', values.now)
    .executeTakeFirst();
  if (updated.numUpdatedRows !== 1n) return undefined;
  return db
    .selectFrom('game_sessions')
    .selectAll()
    .where('launch_token_hash', '=', values.launchTokenHash)
    .executeTakeFirst();
}

export async function findOpenSession(
  db: Kysely<Database>,
  providerId: number,
  sessionTokenHash: string,
): Promise<GameSessionRow | undefined> {
  return db
    .selectFrom('game_sessions')
    .selectAll()
    .where('session_token_hash', '=', sessionTokenHash)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

/** Records a provider transaction unless its id was seen; answers whether it is new. */
export async function insertProviderTransaction(
  trx: Kysely<Database>,
  values: Omit<ProviderTransactionsTable, 'id'>,
): Promise<boolean> {
  const result = await trx
    .insertInto('provider_transactions')
    .values(values)
    .onConflict((conflict) => conflict.columns(['provider_id', 'provider_tx_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function findProviderTransaction(
  db: Kysely<Database>,
  providerId: number,
  providerTxId: string,
): Promise<ProviderTransactionRow | undefined> {
  return db
    .selectFrom('provider_transactions')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('provider_tx_id', '=', providerTxId)
    .executeTakeFirst();
}

export async function lockProviderTransaction(
  trx: Kysely<Database>,
  dialect: DialectName,
  providerId: number,
  providerTxId: string,
): Promise<ProviderTransactionRow | undefined> {
  return forUpdate(
    trx
      .selectFrom('provider_transactions')
      .selectAll()
      .where('provider_id', '=', providerId)
      .where('provider_tx_id', '=', providerTxId),
    dialect,
  ).executeTakeFirst();
}

/** Whether a rollback already named this transaction id (a debit arriving after its rollback is refused). */
export async function wasRolledBackBefore(trx: Kysely<Database>, providerId: number, providerTxId: string) {
  const row = await trx
    .selectFrom('provider_transactions')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('reference_tx_id', '=', providerTxId)
    .where('kind', '=', 'rollback')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a debit rolled back, once: answers whether this call did it. */
export async function markRolledBack(trx: Kysely<Database>, id: number): Promise<boolean> {
  const result = await trx
    .updateTable('provider_transactions')
    .set({ status: 'rolled_back' })
    .where('id', '=', id)
    .where('status', '=', 'ok')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

// Operator

export async function upsertProvider(
  db: Kysely<Database>,
  values: { key: string; name: string; secret: string; launchUrl: string; now: number },
): Promise<void> {
  await db
    .insertInto('game_providers')
    .values({
      key: values.key,
      name: values.name,
      secret: values.secret,
      launch_url: values.launchUrl,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        name: values.name,
        secret: values.secret,
        launch_url: values.launchUrl,
        updated_at: values.now,
      }),
    )
    .execute();
}

export async function listProviders(db: Kysely<Database>): Promise<GameProviderRow[]> {
  return db.selectFrom('game_providers').selectAll().orderBy('id').execute();
}

export async function insertGame(
  db: Kysely<Database>,
  values: {
    providerId: number;
    gameCode: string;
    name: string;
    image: string;
    sortOrder: number;
    now: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('more_games')
    .values({
      name: values.name,
      image: values.image,
      launch_url: '',
      provider_id: values.providerId,
      game_code: values.gameCode,
      sort_order: values.sortOrder,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function listGames(db: Kysely<Database>, window: PageWindow) {
  const count = await db
    .selectFrom('more_games')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('more_games as g')
    .leftJoin('game_providers as p', 'p.id', 'g.provider_id')
    .select([
      'g.id',
      'g.name',
      'g.image',
      'g.game_code',
      'g.is_enabled',
      'g.sort_order',
      'p.key as provider_key',
    ])
    .orderBy('g.sort_order')
    .orderBy('g.id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { count: Number(count.count), rows };
}

export async function setGameEnabled(db: Kysely<Database>, id: number, enabled: boolean): Promise<boolean> {
  const result = await db
    .updateTable('more_games')
    .set({ is_enabled: enabled ? 1 : 0 })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
