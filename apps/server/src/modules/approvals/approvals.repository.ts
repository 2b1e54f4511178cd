import type { ApprovalKind, ApprovalStatus } from '@app/shared';
import type { Insertable, Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { forUpdate } from '../../db/transaction.ts';
import type { PageWindow } from '../../http/pagination.ts';
import type {
  ApprovalRequestRow,
  ApprovalRequestsTable,
  OperatorAlertRow,
  OperatorAlertsTable,
} from './approvals.tables.ts';

/** Stores a new pending request; answers its id. */
export async function insertApprovalRequest(
  db: Kysely<Database>,
  row: Insertable<ApprovalRequestsTable>,
): Promise<number> {
  const inserted = await db
    .insertInto('approval_requests')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** One request, locked for a decision until the transaction ends (PostgreSQL; SQLite holds the database). */
export async function lockApprovalRequest(
  trx: Kysely<Database>,
  dialect: DialectName,
  id: number,
): Promise<ApprovalRequestRow | undefined> {
  return forUpdate(
    trx.selectFrom('approval_requests').selectAll().where('id', '=', id),
    dialect,
  ).executeTakeFirst();
}

export async function findApprovalRequest(
  db: Kysely<Database>,
  id: number,
): Promise<ApprovalRequestRow | undefined> {
  return db.selectFrom('approval_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Writes a decision on a request that is still pending; answers whether it was (one decision wins). */
export async function decideApprovalRequest(
  db: Kysely<Database>,
  id: number,
  decision: {
    status: Exclude<ApprovalStatus, 'pending'>;
    decided_by_key: string | null;
    decided_by: string | null;
    decision_reason: string | null;
    decided_at: number;
    result_json: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('approval_requests')
    .set(decision)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks every pending request whose time is up as expired; answers how many. */
export async function expireApprovalRequests(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .updateTable('approval_requests')
    .set((eb) => ({ status: 'expired', decided_at: eb.ref('expires_at') }))
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface ApprovalRequestFilter {
  status?: ApprovalStatus;
  kind?: ApprovalKind;
}

function filtered(db: Kysely<Database>, filter: ApprovalRequestFilter) {
  let query = db.selectFrom('approval_requests');
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  return query;
}

export async function countApprovalRequests(
  db: Kysely<Database>,
  filter: ApprovalRequestFilter,
): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of requests: pending ones oldest first (a queue), the others newest first. */
export async function listApprovalRequests(
  db: Kysely<Database>,
  filter: ApprovalRequestFilter,
  window: PageWindow,
): Promise<ApprovalRequestRow[]> {
  const order = filter.status === 'pending' ? 'asc' : 'desc';
  return filtered(db, filter)
    .selectAll()
    .orderBy('created_at', order)
    .orderBy('id', order)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** The pending requests of one kind whose payload names the given subject (e.g. one setting key). */
export async function listPendingRequestsOfKind(
  db: Kysely<Database>,
  kind: ApprovalKind,
): Promise<ApprovalRequestRow[]> {
  return db
    .selectFrom('approval_requests')
    .selectAll()
    .where('status', '=', 'pending')
    .where('kind', '=', kind)
    .execute();
}

/**
 * Stores an alert; with a dedupe key, an alert already stored under it is kept instead (answers undefined).
 */
export async function insertAlert(
  db: Kysely<Database>,
  row: Insertable<OperatorAlertsTable>,
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('operator_alerts')
    .values(row)
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted === undefined ? undefined : Number(inserted.id);
}

export type AlertState = 'open' | 'acknowledged' | 'all';

function alertsIn(db: Kysely<Database>, state: AlertState) {
  const query = db.selectFrom('operator_alerts');
  if (state === 'open') return query.where('acknowledged_at', 'is', null);
  if (state === 'acknowledged') return query.where('acknowledged_at', 'is not', null);
  return query;
}

export async function countAlerts(db: Kysely<Database>, state: AlertState): Promise<number> {
  const row = await alertsIn(db, state)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listAlerts(
  db: Kysely<Database>,
  state: AlertState,
  window: PageWindow,
): Promise<OperatorAlertRow[]> {
  return alertsIn(db, state)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function findAlert(db: Kysely<Database>, id: number): Promise<OperatorAlertRow | undefined> {
  return db.selectFrom('operator_alerts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Acknowledges an open alert; answers whether it was open. */
export async function acknowledgeAlert(
  db: Kysely<Database>,
  id: number,
  acknowledgement: { acknowledged_by: string; acknowledged_at: number; note: string },
): Promise<boolean> {
  const result = await db
    .updateTable('operator_alerts')
    .set(acknowledgement)
    .where('id', '=', id)
    .where('acknowledged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
