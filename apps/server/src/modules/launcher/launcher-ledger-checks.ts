import { sql } from 'kysely';
import type { LedgerCheck } from '../ledger/ledger-check.service.ts';
import { LAUNCHER_REFERENCE_TYPE } from './seamless-wallet.service.ts';

/** The seamless wallet's invariants, run by `npm run ledger:check` beside the ledger's own. */
export const LAUNCHER_LEDGER_CHECKS: readonly LedgerCheck[] = [
  {
    name: 'launcher-transaction-moved-once',
    description:
      'each provider debit or credit moved its amount exactly once; each rolled-back debit was given back exactly once; nothing else moved',
    async run(db, limit) {
      const result = await sql<{ id: number; kind: string; status: string; moves: number; backs: number }>`
        select x.id, x.kind, x.status,
          (select count(*) from ledger_transfers t
            where t.reference_type = ${LAUNCHER_REFERENCE_TYPE} and t.reference_id = p.key || ':' || x.provider_tx_id
              and t.kind in ('launcher_debit', 'launcher_credit') and t.amount_minor = x.amount_minor) as moves,
          (select count(*) from ledger_transfers t
            where t.reference_type = ${LAUNCHER_REFERENCE_TYPE} and t.reference_id = p.key || ':' || x.provider_tx_id
              and t.kind = 'launcher_rollback' and t.amount_minor = x.amount_minor) as backs
        from provider_transactions x join game_providers p on p.id = x.provider_id
        where x.kind in ('debit', 'credit')
          and ((select count(*) from ledger_transfers t
              where t.reference_type = ${LAUNCHER_REFERENCE_TYPE} and t.reference_id = p.key || ':' || x.provider_tx_id
                and t.kind in ('launcher_debit', 'launcher_credit') and t.amount_minor = x.amount_minor) <> 1
            or (select count(*) from ledger_transfers t
              where t.reference_type = ${LAUNCHER_REFERENCE_TYPE} and t.reference_id = p.key || ':' || x.provider_tx_id
                and t.kind = 'launcher_rollback') <> (case when x.status = 'rolled_back' then 1 else 0 end))
        order by x.id limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) =>
          `provider transaction ${row.id} (${row.kind}, ${row.status}): ${row.moves} moves, ${row.backs} give-backs`,
      );
    },
  },
];
