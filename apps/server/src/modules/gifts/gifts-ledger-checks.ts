import { sql } from 'kysely';
import type { LedgerCheck } from '../ledger/ledger-check.service.ts';

/** The gifts' invariants (DESIGN.md §6), run by `npm run ledger:check` beside the ledger's own. */
export const GIFT_LEDGER_CHECKS: readonly LedgerCheck[] = [
  {
    name: 'gift-code-within-packets',
    description:
      'a gift code pays at most its packets, adding up to what its claims say, each claim credited once',
    async run(db, limit) {
      const result = await sql<{
        id: number;
        code: string;
        claimed: number;
        credited: number | null;
        credits: number;
      }>`
        select g.id, g.code, g.claimed_minor as claimed,
          (select sum(t.amount_minor) from ledger_transfers t
            where t.kind = 'gift' and t.reference_type = 'gift_code' and t.reference_id = g.code) as credited,
          (select count(*) from ledger_transfers t
            where t.kind = 'gift' and t.reference_type = 'gift_code' and t.reference_id = g.code) as credits
        from gift_codes g
        where g.claimed_minor > g.total_minor or g.claimed_count > g.packet_count
          or coalesce((select sum(t.amount_minor) from ledger_transfers t
            where t.kind = 'gift' and t.reference_type = 'gift_code' and t.reference_id = g.code), 0) <> g.claimed_minor
          or (select count(*) from ledger_transfers t
            where t.kind = 'gift' and t.reference_type = 'gift_code' and t.reference_id = g.code) <> g.claimed_count
          or (select coalesce(sum(p.amount_minor), 0) from gift_code_packets p where p.gift_code_id = g.id) <> g.total_minor
        order by g.id limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) =>
          `gift code ${row.code}: claims ${row.claimed}, credited ${row.credited ?? 0} in ${row.credits} transfers`,
      );
    },
  },
  {
    name: 'gift-round-within-pool',
    description:
      'a gift round never pays more than its pool, and pays exactly what its claims say, once each',
    async run(db, limit) {
      const result = await sql<{
        id: number;
        pool: number;
        remaining: number;
        claimed: number | null;
        credited: number | null;
      }>`
        select r.id, r.pool_minor as pool, r.remaining_minor as remaining,
          (select sum(c.amount_minor) from gift_event_claims c where c.round_id = r.id) as claimed,
          (select sum(t.amount_minor) from ledger_transfers t
            where t.kind = 'event_gift' and t.reference_type = 'gift_event'
              and t.reference_id = cast(r.id as varchar(100))) as credited
        from gift_event_rounds r
        where r.remaining_minor < 0
          or coalesce((select sum(c.amount_minor) from gift_event_claims c where c.round_id = r.id), 0)
            <> r.pool_minor - r.remaining_minor
          or coalesce((select sum(t.amount_minor) from ledger_transfers t
            where t.kind = 'event_gift' and t.reference_type = 'gift_event'
              and t.reference_id = cast(r.id as varchar(100))), 0) <> r.pool_minor - r.remaining_minor
        order by r.id limit ${limit}
      `.execute(db);
      return result.rows.map(
        (row) =>
          `gift round ${row.id}: pool ${row.pool}, remaining ${row.remaining}, claims ${row.claimed ?? 0}, credited ${row.credited ?? 0}`,
      );
    },
  },
];
