import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/**
 * Operator money controls (issue 24, DESIGN.md §2 "Operator money controls"): the maker-checker requests a
 * second operator approves, the console's alerts, who made each gift code (each operator's daily total of
 * gift codes is capped), the first of two confirmations of a large manual UPI recharge, and the operator's
 * account that hand recharges (HRE) and recharge cancels (HREC) move money through.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('approval_requests'), dialect)
    .addColumn('kind', 'varchar(40)', (column) => column.notNull())
    .addColumn('summary', 'varchar(300)', (column) => column.notNull())
    .addColumn('amount_minor', 'bigint')
    .addColumn('user_id', 'bigint')
    // What the approval will do, exactly as it will be done (secrets in it are sealed), and what the
    // console shows of it (never a secret).
    .addColumn('payload_json', 'text', (column) => column.notNull())
    .addColumn('details_json', 'text', (column) => column.notNull())
    // Who asked: `operator:<id>` or `admin_token`; the approver's key must differ.
    .addColumn('requested_by_key', 'varchar(40)', (column) => column.notNull())
    .addColumn('requested_by', 'varchar(60)', (column) => column.notNull())
    .addColumn('requested_by_role', 'varchar(20)', (column) => column.notNull())
    .addColumn('reason', 'varchar(1200)', (column) => column.notNull())
    .addColumn('approver_roles', 'varchar(100)', (column) => column.notNull())
    .addColumn('status', 'varchar(12)', (column) => column.notNull())
    .addColumn('decided_by_key', 'varchar(40)')
    .addColumn('decided_by', 'varchar(60)')
    .addColumn('decision_reason', 'varchar(1200)')
    .addColumn('decided_at', 'bigint')
    .addColumn('result_json', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint(
      'approval_requests_status_check',
      sql`status in ('pending', 'approved', 'refused', 'expired', 'cancelled')`,
    )
    .addCheckConstraint(
      'approval_requests_decision_check',
      sql`(status = 'pending') = (decided_at is null) and (decided_by_key is null or decided_by_key <> requested_by_key or status = 'cancelled')`,
    )
    .execute();
  await db.schema
    .createIndex('approval_requests_status_created')
    .on('approval_requests')
    .columns(['status', 'created_at'])
    .execute();

  await withIdColumn(db.schema.createTable('operator_alerts'), dialect)
    .addColumn('kind', 'varchar(40)', (column) => column.notNull())
    .addColumn('severity', 'varchar(10)', (column) => column.notNull())
    .addColumn('summary', 'varchar(300)', (column) => column.notNull())
    .addColumn('details_json', 'text', (column) => column.notNull())
    // Raising the same alert twice (a provider's cap hit again the same day) keeps one row.
    .addColumn('dedupe_key', 'varchar(200)', (column) => column.unique())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('acknowledged_by', 'varchar(60)')
    .addColumn('acknowledged_at', 'bigint')
    .addColumn('note', 'varchar(1200)')
    .addCheckConstraint('operator_alerts_severity_check', sql`severity in ('info', 'warning', 'critical')`)
    .execute();
  await db.schema
    .createIndex('operator_alerts_open_created')
    .on('operator_alerts')
    .columns(['acknowledged_at', 'created_at'])
    .execute();

  await db.schema.alterTable('gift_codes').addColumn('created_by_key', 'varchar(40)').execute();
  await db.schema.alterTable('gift_codes').addColumn('approval_request_id', 'bigint').execute();
  // Each operator's gift codes of one market day, added up by one conditional upsert per code, so the
  // operator's daily cap holds under parallel requests.
  await db.schema
    .createTable('gift_code_daily_totals')
    .addColumn('creator_key', 'varchar(40)', (column) => column.notNull())
    .addColumn('day', 'varchar(10)', (column) => column.notNull())
    .addColumn('total_minor', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('gift_code_daily_totals_pk', ['creator_key', 'day'])
    .addCheckConstraint('gift_code_daily_totals_check', sql`total_minor >= 0`)
    .execute();

  // A manual UPI recharge at or above recharge.manual_four_eyes_threshold_minor is credited on the second
  // confirmation of a different operator; the first is recorded here.
  await db.schema.alterTable('recharges').addColumn('first_confirmed_by_key', 'varchar(40)').execute();
  await db.schema.alterTable('recharges').addColumn('first_confirmed_by', 'varchar(60)').execute();
  await db.schema.alterTable('recharges').addColumn('first_confirmed_at', 'bigint').execute();

  const untyped = db as Kysely<{
    ledger_accounts: { code: string; kind: string; user_id: number | null; created_at: number };
  }>;
  await untyped
    .insertInto('ledger_accounts')
    .values({ code: 'system:operator_adjustments', kind: 'system', user_id: null, created_at: Date.now() })
    .execute();
}
