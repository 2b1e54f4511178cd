import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { forUpdate } from '../../db/transaction.ts';
import type { PageWindow } from '../../http/pagination.ts';
import type {
  GameProviderRow,
  GameSessionRow,
  ProviderRoundRow,
  ProviderTransactionRow,
  ProviderTransactionsTable,
} from './launcher.tables.ts';

/** An enabled game of the home list with its enabled and approved provider. */
export async function findLaunchableGame(db: Kysely<Database>, gameId: number) {
  return db
    .selectFrom('more_games as g')
    .innerJoin('game_providers as p', 'p.id', 'g.provider_id')
    .select(['g.id', 'g.game_code', 'p.id as provider_id', 'p.launch_url', 'p.key as provider_key'])
    .where('g.id', '=', gameId)
    .where('g.is_enabled', '=', 1)
    .where('p.is_enabled', '=', 1)
    .where('p.approved_at', 'is not', null)
    .executeTakeFirst();
}

export async function findProviderById(
  db: Kysely<Database>,
  id: number,
): Promise<GameProviderRow | undefined> {
  return db.selectFrom('game_providers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A provider's row, locked until the transaction ends (an approval changing it). */
export async function lockProviderById(
  trx: Kysely<Database>,
  dialect: DialectName,
  id: number,
): Promise<GameProviderRow | undefined> {
  return forUpdate(
    trx.selectFrom('game_providers').selectAll().where('id', '=', id),
    dialect,
  ).executeTakeFirst();
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
    loginSessionId: number;
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
      login_session_id: values.loginSessionId,
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

/**
 * A seamless session with what decides whether it may still move money, read now: its player's login session
 * (revoked? last used?), the player (suspended? early access?), its game and its provider (enabled? approved?).
 */
export async function findSessionWithAccess(
  db: Kysely<Database>,
  providerId: number,
  token: { column: 'session_token_hash' | 'launch_token_hash'; hash: string },
) {
  return db
    .selectFrom('game_sessions as gs')
    .innerJoin('users as u', 'u.id', 'gs.user_id')
    .innerJoin('more_games as g', 'g.id', 'gs.game_id')
    .innerJoin('game_providers as p', 'p.id', 'gs.provider_id')
    .leftJoin('sessions as s', 's.id', 'gs.login_session_id')
    .selectAll('gs')
    .select([
      's.id as login_id',
      's.revoked_at as login_revoked_at',
      's.last_used_at as login_last_used_at',
      'u.suspended_at as user_suspended_at',
      'u.is_early as user_is_early',
      'g.is_enabled as game_is_enabled',
      'p.is_enabled as provider_is_enabled',
      'p.approved_at as provider_approved_at',
      'p.max_multiplier_hundredths as provider_max_multiplier_hundredths',
      'p.daily_payout_cap_minor as provider_daily_payout_cap_minor',
    ])
    .where(`gs.${token.column}`, '=', token.hash)
    .where('gs.provider_id', '=', providerId)
    .executeTakeFirst();
}
export type SessionWithAccess = NonNullable<Awaited<ReturnType<typeof findSessionWithAccess>>>;

/** Records a signed call's nonce for its provider; answers false when the provider sent it before. */
export async function recordCallNonce(
  db: Kysely<Database>,
  values: { providerId: number; nonce: string; expiresAt: number },
): Promise<boolean> {
  const result = await db
    .insertInto('seamless_call_nonces')
    .values({ provider_id: values.providerId, nonce: values.nonce, expires_at: values.expiresAt })
    .onConflict((conflict) => conflict.columns(['provider_id', 'nonce']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Forgets the nonces whose calls' timestamps are out of the window (a replay of them is refused by time). */
export async function pruneCallNonces(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('seamless_call_nonces').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Records a provider transaction unless its id was seen; answers its row id when it is new. */
export async function insertProviderTransaction(
  trx: Kysely<Database>,
  values: Omit<ProviderTransactionsTable, 'id' | 'needs_bet_reduced_minor'>,
): Promise<number | undefined> {
  const row = await trx
    .insertInto('provider_transactions')
    .values(values)
    .onConflict((conflict) => conflict.columns(['provider_id', 'provider_tx_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
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

/** Notes what a debit took off needs_bet. */
export async function setNeedsBetReduced(
  trx: Kysely<Database>,
  id: number,
  amountMinor: number,
): Promise<void> {
  await trx
    .updateTable('provider_transactions')
    .set({ needs_bet_reduced_minor: amountMinor })
    .where('id', '=', id)
    .execute();
}

/** Whether the provider ever moved money (its key then names its ledger references for good). */
export async function providerHasTransactions(db: Kysely<Database>, providerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('provider_transactions')
    .select('id')
    .where('provider_id', '=', providerId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// Rounds and the daily net payout (locked by the calls that move money; see SeamlessWalletService)

/**
 * Adds a debit to its round, making the round (of this session) if it is new; answers false, changing
 * nothing, when the round belongs to another session. The upsert locks the round's row.
 */
export async function addRoundDebit(
  trx: Kysely<Database>,
  values: {
    providerId: number;
    roundId: string;
    sessionId: number;
    userId: number;
    amountMinor: number;
    now: number;
  },
): Promise<boolean> {
  const result = await trx
    .insertInto('provider_rounds')
    .values({
      provider_id: values.providerId,
      round_id: values.roundId,
      session_id: values.sessionId,
      user_id: values.userId,
      debited_minor: values.amountMinor,
      credited_minor: 0,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['provider_id', 'round_id'])
        .doUpdateSet((eb) => ({
          debited_minor: eb('provider_rounds.debited_minor', '+', values.amountMinor),
          updated_at: values.now,
        }))
        .where('provider_rounds.session_id', '=', values.sessionId),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** A round's row, locked until the transaction ends. */
export async function lockRound(
  trx: Kysely<Database>,
  dialect: DialectName,
  providerId: number,
  roundId: string,
): Promise<ProviderRoundRow | undefined> {
  return forUpdate(
    trx
      .selectFrom('provider_rounds')
      .selectAll()
      .where('provider_id', '=', providerId)
      .where('round_id', '=', roundId),
    dialect,
  ).executeTakeFirst();
}

/** Sets a locked round's totals. */
export async function setRoundTotals(
  trx: Kysely<Database>,
  id: number,
  values: { debitedMinor: number; creditedMinor: number; now: number },
): Promise<void> {
  await trx
    .updateTable('provider_rounds')
    .set({ debited_minor: values.debitedMinor, credited_minor: values.creditedMinor, updated_at: values.now })
    .where('id', '=', id)
    .execute();
}

/** A provider's net payout of a market day, its row made if missing and locked until the transaction ends. */
export async function lockDailyPayout(
  trx: Kysely<Database>,
  dialect: DialectName,
  values: { providerId: number; day: string; now: number },
): Promise<number> {
  await trx
    .insertInto('provider_daily_payouts')
    .values({ provider_id: values.providerId, day: values.day, net_payout_minor: 0, updated_at: values.now })
    .onConflict((conflict) => conflict.columns(['provider_id', 'day']).doNothing())
    .execute();
  const row = await forUpdate(
    trx
      .selectFrom('provider_daily_payouts')
      .select('net_payout_minor')
      .where('provider_id', '=', values.providerId)
      .where('day', '=', values.day),
    dialect,
  ).executeTakeFirstOrThrow();
  return Number(row.net_payout_minor);
}

/** Adds to a provider's net payout of a market day (negative for a debit), making its row if missing. */
export async function addDailyPayout(
  trx: Kysely<Database>,
  values: { providerId: number; day: string; deltaMinor: number; now: number },
): Promise<void> {
  await trx
    .insertInto('provider_daily_payouts')
    .values({
      provider_id: values.providerId,
      day: values.day,
      net_payout_minor: values.deltaMinor,
      updated_at: values.now,
    })
    .onConflict((conflict) =>
      conflict.columns(['provider_id', 'day']).doUpdateSet((eb) => ({
        net_payout_minor: eb('provider_daily_payouts.net_payout_minor', '+', values.deltaMinor),
        updated_at: values.now,
      })),
    )
    .execute();
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

type ProviderValues = Pick<
  GameProviderRow,
  'key' | 'name' | 'secret' | 'launch_url' | 'max_multiplier_hundredths' | 'daily_payout_cap_minor'
>;

/**
 * Inserts an approved provider (a second operator approved it, or it is the built-in demo); answers its id,
 * or undefined when its key is taken.
 */
export async function insertApprovedProvider(
  db: Kysely<Database>,
  values: ProviderValues & { approvalRequestId: number | null; now: number },
): Promise<number | undefined> {
  const row = await db
    .insertInto('game_providers')
    .values({
      key: values.key,
      name: values.name,
      secret: values.secret,
      launch_url: values.launch_url,
      max_multiplier_hundredths: values.max_multiplier_hundredths,
      daily_payout_cap_minor: values.daily_payout_cap_minor,
      approved_at: values.now,
      approval_request_id: values.approvalRequestId,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/** Replaces a provider's values as approved (the caller holds its row lock). */
export async function updateApprovedProvider(
  db: Kysely<Database>,
  id: number,
  values: ProviderValues & { approvalRequestId: number | null; now: number },
): Promise<void> {
  await db
    .updateTable('game_providers')
    .set({
      key: values.key,
      name: values.name,
      secret: values.secret,
      launch_url: values.launch_url,
      max_multiplier_hundredths: values.max_multiplier_hundredths,
      daily_payout_cap_minor: values.daily_payout_cap_minor,
      approved_at: values.now,
      approval_request_id: values.approvalRequestId,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * A change that needs nobody's approval: the name, and caps no higher than they are. Conditional on the row
 * being as it was read, so a racing approval is never undone; answers whether it applied.
 */
export async function updateProviderAtOnce(
  db: Kysely<Database>,
  expected: GameProviderRow,
  values: Pick<GameProviderRow, 'name' | 'max_multiplier_hundredths' | 'daily_payout_cap_minor'> & {
    now: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('game_providers')
    .set({
      name: values.name,
      max_multiplier_hundredths: values.max_multiplier_hundredths,
      daily_payout_cap_minor: values.daily_payout_cap_minor,
      updated_at: values.now,
    })
    .where('id', '=', expected.id)
    .where('key', '=', expected.key)
    .where('secret', '=', expected.secret)
    .where('launch_url', '=', expected.launch_url)
    .where('max_multiplier_hundredths', '=', expected.max_multiplier_hundredths)
    .where('daily_payout_cap_minor', '=', expected.daily_payout_cap_minor)
    .where((eb) =>
      expected.approved_at === null
        ? eb('approved_at', 'is', null)
        : eb('approved_at', '=', expected.approved_at),
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
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
