import { createHash, randomBytes } from 'node:crypto';
import {
  type AdminGameDto,
  type AdminProviderBody,
  type AdminProviderDto,
  type ApprovalRequestedResponse,
  LauncherMessage,
  minorToDecimalString,
  type Page,
  type PaginationQuery,
  type StartGameResponse,
} from '@app/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import type { AuthenticatedUser } from '../../http/auth-guard.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import { type SecretBox, SecretBoxError } from '../../platform/secrets/secret-box.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import {
  type ApprovalContext,
  type ApprovalService,
  operatorIdentity,
} from '../approvals/approvals.service.ts';
import type { OperatorPrincipal } from '../operators/operator-context.ts';
import type { OperatorContext } from '../shop/shop-audit.ts';
import { DEMO_PROVIDER_KEY } from './demo-provider/dice-provider.service.ts';
import {
  findLaunchableGame,
  findProviderById,
  findProviderByKey,
  insertApprovedProvider,
  insertGame,
  insertSession,
  listGames,
  listProviders,
  lockProviderById,
  providerHasTransactions,
  setGameEnabled,
  updateApprovedProvider,
  updateProviderAtOnce,
} from './launcher.repository.ts';
import type { GameProviderRow } from './launcher.tables.ts';
import { PROVIDER_SECRET_PURPOSE, secretHint } from './provider-secrets.ts';

/** How long a launch URL can be opened (once). */
export const LAUNCH_TOKEN_TTL_MS = 5 * 60_000;

/** A random token of 32 bytes (256 bits) in base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export const LauncherAuditEvent = {
  providerSaved: 'game_provider_saved',
  providerApproved: 'game_provider_approved',
  gameRegistered: 'game_registered',
  gameEnabledChanged: 'game_enabled_changed',
} as const;

/**
 * What an approved `game_provider.save` request does: exactly these values (the secret sealed, or null to keep
 * the provider's), for a new provider (provider_id null) or the provider of that id.
 */
const providerSavePayload = z
  .object({
    provider_id: z.number().int().positive().nullable(),
    key: z.string().min(1),
    name: z.string().min(1),
    launch_url: z.string().min(1),
    secret_sealed: z.string().min(1).nullable(),
    max_multiplier_hundredths: z.number().int().positive(),
    daily_payout_cap_minor: z.number().int().positive(),
  })
  .refine((payload) => payload.provider_id !== null || payload.secret_sealed !== null, {
    message: 'a new provider needs a secret',
  });
type ProviderSavePayload = z.output<typeof providerSavePayload>;

function toProviderDto(row: GameProviderRow): AdminProviderDto {
  return {
    id: Number(row.id),
    key: row.key,
    name: row.name,
    launch_url: row.launch_url,
    is_enabled: Number(row.is_enabled) === 1,
    is_approved: row.approved_at !== null,
    max_multiplier: minorToDecimalString(Number(row.max_multiplier_hundredths)),
    daily_payout_cap: minorToDecimalString(Number(row.daily_payout_cap_minor)),
  };
}

/** What of a provider the console and the audit log may see (never its secret). */
function providerSummary(row: GameProviderRow) {
  return {
    key: row.key,
    name: row.name,
    launch_url: row.launch_url,
    max_multiplier: minorToDecimalString(Number(row.max_multiplier_hundredths)),
    daily_payout_cap: minorToDecimalString(Number(row.daily_payout_cap_minor)),
    approved: row.approved_at !== null,
  };
}

/**
 * The launcher (DESIGN.md §3 "Embedded third-party games"): a game of the home list opens through its
 * provider with a one-time launch token appended to the provider's launch URL; the provider opens the
 * session with it over the seamless-wallet API. The operator registers providers (key, secret, launch URL,
 * caps) and their games. A provider is money's way in, so (DESIGN.md §2 "Operator money controls") a new
 * one, or a change of its key, secret or launch URL or a raised cap, is a request a second operator
 * approves; secrets are sealed at rest and in the request.
 */
export class LauncherService {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly approvals: ApprovalService,
    private readonly secrets: SecretBox,
  ) {
    approvals.register({
      kind: 'game_provider.save',
      payloadSchema: providerSavePayload,
      execute: (trx, payload, context) => this.saveApprovedProvider(trx, payload, context),
    });
  }

  /** GET /exg/owngame_start_game?game_id (early-access players only: the route's guard). */
  async start(user: AuthenticatedUser, gameId: number, language: string): Promise<StartGameResponse> {
    const game = await findLaunchableGame(this.database.db, gameId);
    if (!game) throw notFound(LauncherMessage.unknownGame);
    const token = newToken();
    const now = this.clock.now();
    await insertSession(this.database.db, {
      userId: user.userId,
      gameId,
      providerId: Number(game.provider_id),
      // The seamless session ends with the login session that launched it (logout, reset, revocation).
      loginSessionId: user.sessionId,
      launchTokenHash: tokenHash(token),
      expiresAt: now + LAUNCH_TOKEN_TTL_MS,
      now,
    });
    const separator = game.launch_url.includes('?') ? '&' : '?';
    const query = new URLSearchParams({ token, game: game.game_code ?? '', lang: language });
    return { code: 200, launch_url: `${game.launch_url}${separator}${query}` };
  }

  /** GET /admin/api/game-providers (secrets are never answered). */
  async providers(): Promise<{ code: 200; queryset: AdminProviderDto[] }> {
    const rows = await listProviders(this.database.db);
    return { code: 200, queryset: rows.map(toProviderDto) };
  }

  /**
   * POST /admin/api/game-providers: registers a provider (a new key) or changes one (by id, else by key). A
   * new provider, or a change of its key, secret or launch URL or a raised cap, becomes a request (HTTP 202)
   * that a finance operator or the owner approves, with a reason; the name alone, or caps only lowered, apply
   * at once. The built-in demo provider's key is reserved.
   */
  async saveProvider(
    body: AdminProviderBody,
    operator: OperatorPrincipal,
    ip: string | null,
  ): Promise<{ code: 200; entry: AdminProviderDto } | ApprovalRequestedResponse> {
    const { db } = this.database;
    if (body.key === DEMO_PROVIDER_KEY) throw new AppError(409, LauncherMessage.reservedKey);
    const existing =
      body.id === undefined ? await findProviderByKey(db, body.key) : await findProviderById(db, body.id);
    if (body.id !== undefined && !existing) throw notFound(LauncherMessage.unknownProvider);
    if (existing?.key === DEMO_PROVIDER_KEY) throw new AppError(409, LauncherMessage.reservedKey);
    if (!existing && body.secret === undefined) throw badRequest(LauncherMessage.secretRequired);
    const keyChanged = existing !== undefined && existing.key !== body.key;
    if (keyChanged) {
      if (await findProviderByKey(db, body.key)) throw new AppError(409, LauncherMessage.keyTaken);
      if (await providerHasTransactions(db, Number(existing.id))) {
        throw new AppError(409, LauncherMessage.keyChangeWithTransactions);
      }
    }
    const secretChanged = body.secret !== undefined && !this.isCurrentSecret(existing, body.secret);
    const needsApproval =
      !existing ||
      keyChanged ||
      secretChanged ||
      existing.launch_url !== body.launch_url ||
      body.max_multiplier > Number(existing.max_multiplier_hundredths) ||
      body.daily_payout_cap > Number(existing.daily_payout_cap_minor);
    if (!needsApproval) return this.saveAtOnce(existing, body, operator, ip);
    if (body.reason === undefined) throw badRequest(LauncherMessage.reasonRequired);
    const pending = await this.approvals.pendingOfKind('game_provider.save');
    if (
      pending.some(
        (request) =>
          request.payload.key === body.key ||
          (existing !== undefined && request.payload.provider_id === Number(existing.id)),
      )
    ) {
      throw new AppError(409, LauncherMessage.requestPending);
    }
    const payload: ProviderSavePayload = {
      provider_id: existing ? Number(existing.id) : null,
      key: body.key,
      name: body.name,
      launch_url: body.launch_url,
      // Sealed for the column it will be stored in: the request never holds the secret in the clear.
      secret_sealed:
        secretChanged && body.secret !== undefined
          ? this.secrets.seal(body.secret, PROVIDER_SECRET_PURPOSE)
          : null,
      max_multiplier_hundredths: body.max_multiplier,
      daily_payout_cap_minor: body.daily_payout_cap,
    };
    const secret =
      secretChanged && body.secret !== undefined
        ? { state: existing ? 'replaced' : 'set', last4: secretHint(body.secret) }
        : { state: 'kept', last4: null };
    const maxMultiplier = minorToDecimalString(body.max_multiplier);
    const dailyCap = minorToDecimalString(body.daily_payout_cap);
    return this.approvals.request(
      {
        kind: 'game_provider.save',
        payload,
        summary: existing
          ? `Change game provider ${existing.key}${keyChanged ? ` → ${body.key}` : ''}: up to ${maxMultiplier}× a round, ${dailyCap} a day`
          : `New game provider ${body.key} (${body.name}): up to ${maxMultiplier}× a round, ${dailyCap} a day`,
        details: {
          provider_id: existing ? Number(existing.id) : null,
          key: body.key,
          name: body.name,
          launch_url: body.launch_url,
          max_multiplier: maxMultiplier,
          daily_payout_cap: dailyCap,
          secret,
          before: existing ? providerSummary(existing) : null,
        },
        amountMinor: body.daily_payout_cap,
        approverRoles: ['finance'],
        reason: body.reason,
      },
      operator,
    );
  }

  /** GET /admin/api/games. */ /** GET /admin/api/games. */
  async games(query: PaginationQuery): Promise<Page<AdminGameDto>> {
    const page = await listGames(this.database.db, pageWindow(query));
    return pageResponse(
      page.count,
      page.rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        image: row.image,
        provider_key: row.provider_key ?? null,
        game_code: row.game_code ?? null,
        is_enabled: Number(row.is_enabled) === 1,
        sort_order: Number(row.sort_order),
      })),
    );
  }

  /** POST /admin/api/games: adds a provider's game to the home list. */
  async registerGame(
    body: {
      provider_key: string;
      game_code: string;
      name: string;
      image: string;
      sort_order?: number | undefined;
    },
    context: OperatorContext,
  ): Promise<{ code: 200; id: number }> {
    const provider = await findProviderByKey(this.database.db, body.provider_key);
    if (!provider) throw badRequest('provider_key names no provider');
    const id = await insertGame(this.database.db, {
      providerId: Number(provider.id),
      gameCode: body.game_code,
      name: body.name,
      image: body.image,
      sortOrder: body.sort_order ?? 0,
      now: this.clock.now(),
    });
    await this.audit.record(LauncherAuditEvent.gameRegistered, {
      ip: context.ip,
      detail: { id, provider: body.provider_key, game_code: body.game_code, operator: context.operator },
    });
    return { code: 200, id };
  }

  /** PUT /admin/api/games/:id/enabled. */
  async setEnabled(id: number, enabled: boolean, context: OperatorContext): Promise<{ code: 200 }> {
    if (!(await setGameEnabled(this.database.db, id, enabled))) throw notFound();
    await this.audit.record(LauncherAuditEvent.gameEnabledChanged, {
      ip: context.ip,
      detail: { id, is_enabled: enabled, operator: context.operator },
    });
    return { code: 200 };
  }

  /** Whether a provider's stored secret is this one (a secret that no longer opens is not). */
  private isCurrentSecret(provider: GameProviderRow | undefined, secret: string): boolean {
    if (!provider) return false;
    try {
      return this.secrets.open(provider.secret, PROVIDER_SECRET_PURPOSE) === secret;
    } catch (error) {
      if (error instanceof SecretBoxError) return false;
      throw error;
    }
  }

  /** A change nobody needs to approve: the name, and caps no higher than approved. */
  private async saveAtOnce(
    existing: GameProviderRow,
    body: AdminProviderBody,
    operator: OperatorPrincipal,
    ip: string | null,
  ): Promise<{ code: 200; entry: AdminProviderDto }> {
    const { db } = this.database;
    const applied = await updateProviderAtOnce(db, existing, {
      name: body.name,
      max_multiplier_hundredths: body.max_multiplier,
      daily_payout_cap_minor: body.daily_payout_cap,
      now: this.clock.now(),
    });
    if (!applied) throw new AppError(409, 'The provider was changed meanwhile: reload and try again');
    const saved = await findProviderById(db, Number(existing.id));
    if (!saved) throw new Error(`invariant: provider ${existing.id} vanished while saved`);
    await this.audit.record(LauncherAuditEvent.providerSaved, {
      ip,
      detail: {
        operator: operatorIdentity(operator).name,
        provider_id: Number(existing.id),
        before: providerSummary(existing),
        after: providerSummary(saved),
      },
    });
    return { code: 200, entry: toProviderDto(saved) };
  }

  /** The approved request of a provider: saved as asked, in the approval's transaction. */
  private async saveApprovedProvider(
    trx: Kysely<Database>,
    payload: ProviderSavePayload,
    context: ApprovalContext,
  ): Promise<Record<string, unknown>> {
    if (payload.key === DEMO_PROVIDER_KEY) throw new AppError(409, LauncherMessage.reservedKey);
    const values = {
      key: payload.key,
      name: payload.name,
      launch_url: payload.launch_url,
      max_multiplier_hundredths: payload.max_multiplier_hundredths,
      daily_payout_cap_minor: payload.daily_payout_cap_minor,
      approvalRequestId: context.requestId,
      now: context.now,
    };
    let id: number;
    let before: ReturnType<typeof providerSummary> | null = null;
    if (payload.provider_id === null) {
      if (payload.secret_sealed === null) throw new Error('invariant: a new provider request has no secret');
      const inserted = await insertApprovedProvider(trx, { ...values, secret: payload.secret_sealed });
      if (inserted === undefined) throw new AppError(409, LauncherMessage.keyTaken);
      id = inserted;
    } else {
      const row = await lockProviderById(trx, this.database.dialect, payload.provider_id);
      if (!row) throw notFound(LauncherMessage.unknownProvider);
      if (row.key === DEMO_PROVIDER_KEY) throw new AppError(409, LauncherMessage.reservedKey);
      if (row.key !== payload.key) {
        if (await findProviderByKey(trx, payload.key)) throw new AppError(409, LauncherMessage.keyTaken);
        if (await providerHasTransactions(trx, Number(row.id))) {
          throw new AppError(409, LauncherMessage.keyChangeWithTransactions);
        }
      }
      before = providerSummary(row);
      id = Number(row.id);
      await updateApprovedProvider(trx, id, { ...values, secret: payload.secret_sealed ?? row.secret });
    }
    await this.audit.record(
      LauncherAuditEvent.providerApproved,
      {
        detail: {
          operator: context.approver.name,
          requested_by: context.requester.name,
          approval_request_id: context.requestId,
          provider_id: id,
          secret: payload.secret_sealed === null ? 'kept' : 'set',
          before,
          after: {
            key: payload.key,
            name: payload.name,
            launch_url: payload.launch_url,
            max_multiplier: minorToDecimalString(payload.max_multiplier_hundredths),
            daily_payout_cap: minorToDecimalString(payload.daily_payout_cap_minor),
          },
        },
      },
      trx,
    );
    return { provider_id: id, key: payload.key };
  }
}
