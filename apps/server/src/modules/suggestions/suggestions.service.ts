import { randomInt } from 'node:crypto';
import {
  type AddSuggestionBody,
  type AdminSuggestionDto,
  MAX_OPEN_SUGGESTIONS,
  type Page,
  type PaginationQuery,
  type SuggestionDto,
  type SuggestionListResponse,
  SuggestionMessage,
  type SuggestionStatus,
  type SuggestionType,
} from '@app/shared';
import type { AppDatabase } from '../../db/dialect.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import { lockUserRow } from '../accounts/accounts.repository.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { OperatorContext } from '../shop/shop-audit.ts';
import {
  completeSuggestion,
  countOpenSuggestions,
  insertSuggestion,
  listSuggestions,
  lockSuggestion,
  ownsRechargeOrWithdrawal,
} from './suggestions.repository.ts';
import type { SuggestionRow } from './suggestions.tables.ts';

export const SuggestionAuditEvent = {
  replied: 'suggestion_replied',
  closed: 'suggestion_closed',
} as const;

/** A ticket's serial number: S, the UTC time to the second and eight random digits. */
function newSuggestionSerialNumber(nowMs: number): string {
  const time = new Date(nowMs).toISOString().replace(/\D/g, '').slice(0, 14);
  return `S${time}${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

function toDto(row: SuggestionRow): SuggestionDto {
  return {
    serial_number: row.serial_number,
    type: row.type as SuggestionType,
    whats_app: row.whats_app,
    content: row.content,
    supple_serial: row.supple_serial,
    status: row.status,
    reply: row.reply,
    create_time: Number(row.created_at),
  };
}

/**
 * Support tickets (DESIGN.md §6): a player opens one (Wait) about anything, optionally naming one of their
 * own recharges or withdrawals; an operator replies or closes it (Completed), and the player sees the reply.
 * A player may hold only a few open tickets at once, counted under the user's row lock.
 */
export class SuggestionsService {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /** GET /user/suggestions?status. */
  async list(
    userId: number,
    query: PaginationQuery & { status?: SuggestionStatus },
  ): Promise<SuggestionListResponse> {
    const page = await listSuggestions(
      this.database.db,
      { userId, ...(query.status ? { status: query.status } : {}) },
      pageWindow(query),
    );
    return pageResponse(page.count, page.rows.map(toDto));
  }

  /** POST /user/add_suggestion. */
  async add(
    userId: number,
    body: AddSuggestionBody,
  ): Promise<{ code: 200; msg: string; serial_number: string }> {
    const { database, clock } = this;
    const outId = body.out_id ?? '';
    if (outId !== '' && !(await ownsRechargeOrWithdrawal(database.db, userId, outId))) {
      throw badRequest(SuggestionMessage.unknownOutId);
    }
    const serialNumber = await runInTransaction(database, async (trx) => {
      await lockUserRow(trx, database.dialect, userId);
      if ((await countOpenSuggestions(trx, userId)) >= MAX_OPEN_SUGGESTIONS) {
        throw badRequest(SuggestionMessage.tooManyOpen);
      }
      const now = clock.now();
      const serial = newSuggestionSerialNumber(now);
      await insertSuggestion(trx, {
        serial_number: serial,
        user_id: userId,
        type: body.type,
        whats_app: body.whats_app,
        content: body.description,
        supple_serial: outId,
        status: 'Wait',
        reply: '',
        created_at: now,
      });
      return serial;
    });
    return { code: 200, msg: SuggestionMessage.created, serial_number: serialNumber };
  }

  /** GET /admin/api/suggestions: waiting ones by default. */
  async adminList(query: PaginationQuery & { status?: SuggestionStatus }): Promise<Page<AdminSuggestionDto>> {
    const page = await listSuggestions(
      this.database.db,
      { status: query.status ?? 'Wait' },
      pageWindow(query),
    );
    return pageResponse(
      page.count,
      page.rows.map((row) => ({ ...toDto(row), id: Number(row.id), user_id: Number(row.user_id) })),
    );
  }

  /** POST /admin/api/suggestions/:id/reply (a reply completes the ticket) and …/close (without one). */
  async adminResolve(
    id: number,
    reply: string | undefined,
    context: OperatorContext,
  ): Promise<{ code: 200; entry: AdminSuggestionDto }> {
    const { database, clock, audit } = this;
    const entry = await runInTransaction(database, async (trx) => {
      const row = await lockSuggestion(trx, database.dialect, id);
      if (!row) throw notFound(SuggestionMessage.notFound);
      if (row.status !== 'Wait') throw badRequest(SuggestionMessage.alreadyCompleted);
      const now = clock.now();
      await completeSuggestion(trx, id, { reply: reply ?? '', now });
      await audit.record(
        reply === undefined ? SuggestionAuditEvent.closed : SuggestionAuditEvent.replied,
        { userId: Number(row.user_id), ip: context.ip, detail: { id, operator: context.operator } },
        trx,
      );
      const done: SuggestionRow = { ...row, status: 'Completed', reply: reply ?? '', replied_at: now };
      return { ...toDto(done), id, user_id: Number(row.user_id) };
    });
    return { code: 200, entry };
  }
}
