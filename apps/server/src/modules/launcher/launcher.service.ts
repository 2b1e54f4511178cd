import { createHash, randomBytes } from 'node:crypto';
import {
  type AdminGameDto,
  type AdminProviderDto,
  LauncherMessage,
  type Page,
  type PaginationQuery,
  type StartGameResponse,
} from '@app/shared';
import type { AppDatabase } from '../../db/dialect.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { OperatorContext } from '../shop/shop-audit.ts';
import {
  findLaunchableGame,
  findProviderByKey,
  insertGame,
  insertSession,
  listGames,
  listProviders,
  setGameEnabled,
  upsertProvider,
} from './launcher.repository.ts';

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
  gameRegistered: 'game_registered',
  gameEnabledChanged: 'game_enabled_changed',
} as const;

/**
 * The launcher (DESIGN.md §3 "Embedded third-party games"): a game of the home list opens through its
 * provider with a one-time launch token appended to the provider's launch URL; the provider opens the
 * session with it over the seamless-wallet API. The operator registers providers (key, secret, launch URL)
 * and their games.
 */
export class LauncherService {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /** GET /exg/owngame_start_game?game_id. */
  async start(userId: number, gameId: number, language: string): Promise<StartGameResponse> {
    const game = await findLaunchableGame(this.database.db, gameId);
    if (!game) throw notFound(LauncherMessage.unknownGame);
    const token = newToken();
    const now = this.clock.now();
    await insertSession(this.database.db, {
      userId,
      gameId,
      providerId: Number(game.provider_id),
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
    return {
      code: 200,
      queryset: rows.map((row) => ({
        id: Number(row.id),
        key: row.key,
        name: row.name,
        launch_url: row.launch_url,
        is_enabled: Number(row.is_enabled) === 1,
      })),
    };
  }

  /** POST /admin/api/game-providers: registers a provider or changes one (by key). */
  async saveProvider(
    body: { key: string; name: string; secret: string; launch_url: string },
    context: OperatorContext,
  ): Promise<{ code: 200 }> {
    await upsertProvider(this.database.db, {
      key: body.key,
      name: body.name,
      secret: body.secret,
      launchUrl: body.launch_url,
      now: this.clock.now(),
    });
    await this.audit.record(LauncherAuditEvent.providerSaved, {
      ip: context.ip,
      detail: { key: body.key, launch_url: body.launch_url, operator: context.operator },
    });
    return { code: 200 };
  }

  /** GET /admin/api/games. */
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
}
