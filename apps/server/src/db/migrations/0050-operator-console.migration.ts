import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/**
 * The operator console (issue 18): operator accounts with roles and TOTP, their sessions, the operator who
 * acted on each audit row, player suspension, the first approver of a four-eyes withdrawal and the stored
 * results of ledger checks (the dashboard's health panel).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('operators'), dialect)
    .addColumn('username', 'varchar(40)', (column) => column.notNull().unique())
    .addColumn('password_hash', 'varchar(200)', (column) => column.notNull())
    .addColumn('role', 'varchar(20)', (column) => column.notNull())
    // Base32 secret; null until the operator finishes enrolment with a first valid code.
    .addColumn('totp_secret', 'varchar(64)')
    // The secret shown during enrolment; it replaces totp_secret only once a code from it is verified.
    .addColumn('totp_pending_secret', 'varchar(64)')
    // The last TOTP time step accepted, so a code cannot be used twice.
    .addColumn('totp_last_step', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('enrolment_token_hash', 'varchar(64)')
    .addColumn('enrolment_expires_at', 'bigint')
    .addColumn('disabled_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint(
      'operators_role_check',
      sql`role in ('owner', 'finance', 'support', 'content', 'auditor')`,
    )
    .execute();

  await withIdColumn(db.schema.createTable('operator_sessions'), dialect)
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('operator_id', 'bigint', (column) => column.notNull().references('operators.id'))
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_used_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('operator_sessions_operator_idx')
    .on('operator_sessions')
    .columns(['operator_id', 'id'])
    .execute();

  await db.schema.alterTable('audit_log').addColumn('operator_id', 'bigint').execute();
  await db.schema
    .createIndex('audit_log_operator_idx')
    .on('audit_log')
    .columns(['operator_id', 'id'])
    .execute();

  await db.schema.alterTable('users').addColumn('suspended_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('suspended_reason', 'varchar(500)').execute();

  // Who gave the first of the two approvals a large withdrawal needs (an operator's audit name).
  await db.schema.alterTable('withdrawals').addColumn('first_approver', 'varchar(60)').execute();
  await db.schema.alterTable('withdrawals').addColumn('first_approved_at', 'bigint').execute();

  await withIdColumn(db.schema.createTable('ledger_check_runs'), dialect)
    .addColumn('source', 'varchar(20)', (column) => column.notNull())
    .addColumn('ok', 'integer', (column) => column.notNull())
    .addColumn('violation_count', 'integer', (column) => column.notNull())
    .addColumn('drift_minor', 'bigint', (column) => column.notNull())
    .addColumn('report_json', 'text', (column) => column.notNull())
    .addColumn('started_at', 'bigint', (column) => column.notNull())
    .addColumn('finished_at', 'bigint', (column) => column.notNull())
    .execute();
}
