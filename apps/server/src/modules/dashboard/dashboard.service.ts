import {
  type DashboardDayDto,
  type DashboardQuery,
  type DashboardResponse,
  getMarket,
  type LedgerCheckRunDto,
  type MarketCode,
  minorToDecimalString,
  OperatorMessage,
  type QueueStatusDto,
  zoneOffsetMs,
} from '@app/shared';
import type { Kysely } from 'kysely';
import { APP_LEDGER_CHECKS } from '../../app-ledger-checks.ts';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { sumCounters } from '../ledger/ledger-check.repository.ts';
import { checkLedger, type LedgerCheckReport } from '../ledger/ledger-check.service.ts';
import type { LedgerCheckRunRow } from '../operators/operators.tables.ts';
import { MANUAL_ADAPTERS } from '../payments/payment-adapters.ts';
import {
  DAY_MS,
  type DayAmount,
  depositsByDay,
  findLastLedgerCheckRun,
  type GameBetsTable,
  type GameRoundsTable,
  houseTakeByDay,
  insertLedgerCheckRun,
  manualRechargeQueue,
  playersByDay,
  profitTransferQueue,
  type QueueFigures,
  shippingQueue,
  ticketQueue,
  withdrawalQueue,
  withdrawalsByDay,
} from './dashboard.repository.ts';

/** What the dashboard needs of a game: its revenue and its players per market day. */
export interface DashboardGame {
  revenueByDay(db: Kysely<Database>, from: number, to: number, offsetMs: number): Promise<DayAmount[]>;
  playersByDay(
    db: Kysely<Database>,
    from: number,
    to: number,
    offsetMs: number,
  ): Promise<Array<{ day: number; user_id: number }>>;
}

/** The audit event of a ledger check an operator ran from the console. */
export const LEDGER_CHECK_RUN_EVENT = 'operator_ledger_check_run';

/** The ledger's drift: how far debits and credits, posted and pending, are apart (0 when balanced). */
export async function ledgerDriftMinor(db: Kysely<Database>): Promise<number> {
  const totals = await sumCounters(db);
  return (
    Math.abs(totals.debits_posted - totals.credits_posted) +
    Math.abs(totals.debits_pending - totals.credits_pending)
  );
}

/** Runs every ledger invariant check and stores the result for the dashboard's health panel. */
export async function runAndStoreLedgerCheck(
  database: AppDatabase,
  clock: Clock,
  source: string,
): Promise<{ report: LedgerCheckReport; run: LedgerCheckRunDto }> {
  const startedAt = clock.now();
  const report = await checkLedger(database, APP_LEDGER_CHECKS);
  const driftMinor = await ledgerDriftMinor(database.db);
  const violations = report.checks.flatMap((check) =>
    check.violations.map((text) => `${check.name}: ${text}`),
  );
  const row = {
    source,
    ok: report.ok ? 1 : 0,
    violation_count: violations.length,
    drift_minor: driftMinor,
    report_json: JSON.stringify({ accounts: report.accounts, transfers: report.transfers, violations }),
    started_at: startedAt,
    finished_at: clock.now(),
  };
  const id = await insertLedgerCheckRun(database.db, row);
  return { report, run: toRunDto({ id, ...row }) };
}

function toRunDto(row: LedgerCheckRunRow): LedgerCheckRunDto {
  const stored = JSON.parse(row.report_json) as { violations?: string[] };
  return {
    id: Number(row.id),
    source: row.source,
    ok: row.ok === 1,
    violation_count: Number(row.violation_count),
    drift_minor: Number(row.drift_minor),
    started_at: Number(row.started_at),
    finished_at: Number(row.finished_at),
    violations: stored.violations ?? [],
  };
}

/**
 * The console's figures (issue 18): deposits, withdrawals, net gaming revenue per game and active players per
 * market day, the operator queues with their oldest item, and the last ledger check. Games and queues are
 * registered, so the crash game, Lucky Hit, tickets and profit transfers join without changing this module.
 */
/** The games of the dashboard: name, rounds table, bets table. */
const DASHBOARD_GAMES: ReadonlyArray<readonly [string, GameRoundsTable, GameBetsTable]> = [
  ['colour', 'colour_periods', 'colour_bets'],
  ['crash', 'aviator_rounds', 'aviator_bets'],
  ['luckyhit', 'luckyhit_rounds', 'luckyhit_bets'],
];

export class DashboardService {
  private readonly games = new Map<string, DashboardGame>();
  private readonly queues = new Map<string, (db: Kysely<Database>) => Promise<QueueFigures>>();

  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly market: MarketCode,
  ) {
    // Every game's settled rounds keep their house take; a game's name is its key in ngr.
    for (const [name, rounds, bets] of DASHBOARD_GAMES) {
      this.registerGame(name, {
        revenueByDay: (db, from, to, offsetMs) => houseTakeByDay(db, rounds, { from, to, offsetMs }),
        playersByDay: (db, from, to, offsetMs) => playersByDay(db, bets, { from, to, offsetMs }),
      });
    }
    this.registerQueue('manual_recharges', (db) => manualRechargeQueue(db, MANUAL_ADAPTERS));
    this.registerQueue('withdrawals', withdrawalQueue);
    this.registerQueue('orders_to_ship', shippingQueue);
    this.registerQueue('tickets', ticketQueue);
    this.registerQueue('profit_transfers', profitTransferQueue);
  }

  /** Adds a game to the revenue and player figures. */
  registerGame(name: string, game: DashboardGame): void {
    if (this.games.has(name)) throw new Error(`dashboard game ${name} is registered twice`);
    this.games.set(name, game);
  }

  /** Adds an operator queue (its count is shown on the console's menu, its age on the dashboard). */
  registerQueue(key: string, figures: (db: Kysely<Database>) => Promise<QueueFigures>): void {
    if (this.queues.has(key)) throw new Error(`dashboard queue ${key} is registered twice`);
    this.queues.set(key, figures);
  }

  /** GET /admin/api/queues: every registered queue's count and oldest item. */
  async queueStatus(): Promise<QueueStatusDto[]> {
    const { db } = this.database;
    return Promise.all([...this.queues].map(async ([key, figures]) => ({ key, ...(await figures(db)) })));
  }

  /** GET /admin/api/dashboard: the figures of the last `days` market days, today included. */
  async dashboard(query: DashboardQuery): Promise<DashboardResponse> {
    const { db } = this.database;
    const { timeZone } = getMarket(this.market);
    const now = this.clock.now();
    const offsetMs = zoneOffsetMs(now, timeZone);
    const today = Math.floor((now + offsetMs) / DAY_MS);
    const firstDay = today - query.days + 1;
    const from = firstDay * DAY_MS - offsetMs;
    const to = (today + 1) * DAY_MS - offsetMs;
    const gameNames = [...this.games.keys()];
    const [deposits, withdrawals, revenues, players, queues, lastRun] = await Promise.all([
      depositsByDay(db, from, to, offsetMs),
      withdrawalsByDay(db, from, to, offsetMs),
      Promise.all(gameNames.map((name) => this.games.get(name)?.revenueByDay(db, from, to, offsetMs) ?? [])),
      Promise.all(gameNames.map((name) => this.games.get(name)?.playersByDay(db, from, to, offsetMs) ?? [])),
      this.queueStatus(),
      findLastLedgerCheckRun(db),
    ]);
    const byDay = (rows: DayAmount[]) => new Map(rows.map((row) => [row.day, row.amount_minor]));
    const depositMap = byDay(deposits);
    const withdrawalMap = byDay(withdrawals);
    const revenueMaps = revenues.map(byDay);
    const activeByDay = new Map<number, Set<number>>();
    for (const row of players.flat()) {
      const set = activeByDay.get(row.day) ?? new Set<number>();
      set.add(row.user_id);
      activeByDay.set(row.day, set);
    }
    const days: DashboardDayDto[] = [];
    for (let day = firstDay; day <= today; day += 1) {
      days.push({
        day: new Date(day * DAY_MS).toISOString().slice(0, 10),
        deposits: minorToDecimalString(depositMap.get(day) ?? 0),
        withdrawals: minorToDecimalString(withdrawalMap.get(day) ?? 0),
        ngr: Object.fromEntries(
          gameNames.map((name, index) => [name, minorToDecimalString(revenueMaps[index]?.get(day) ?? 0)]),
        ),
        active_players: activeByDay.get(day)?.size ?? 0,
      });
    }
    return {
      code: 200,
      time_zone: timeZone,
      days,
      games: gameNames,
      queues,
      ledger: { last_check: lastRun ? toRunDto(lastRun) : null },
    };
  }

  /** POST /admin/api/ledger/check: runs every ledger check now and stores the result. */
  async runLedgerCheck(actor: { operator: string; ip: string | null }): Promise<{
    code: 200;
    msg: string;
    run: LedgerCheckRunDto;
  }> {
    const { run } = await runAndStoreLedgerCheck(this.database, this.clock, 'console');
    await this.audit.record(LEDGER_CHECK_RUN_EVENT, {
      ip: actor.ip,
      detail: { operator: actor.operator, run_id: run.id, ok: run.ok, drift_minor: run.drift_minor },
    });
    return { code: 200, msg: OperatorMessage.ledgerChecked, run };
  }
}
