import { type AppConfigResponse, isMarketCode, type MarketCode } from '@app/shared';
import type { ApiClient } from '../api/api-client.ts';

/** What the app knows about the server it talks to. */
export interface AppConfig {
  market: MarketCode;
  devTools: boolean;
}

/**
 * The market used until (or if) the server answers: the app must still render so the home screen can
 * show its maintenance dialog when the server is unreachable.
 */
export const FALLBACK_APP_CONFIG: AppConfig = { market: 'in', devTools: false };

/** GET /app/config; an answer with an unknown market is refused rather than guessed at. */
export async function fetchAppConfig(client: ApiClient, signal?: AbortSignal): Promise<AppConfig> {
  const response = await client.get<AppConfigResponse>('/app/config', undefined, { signal });
  if (!isMarketCode(response.market)) {
    throw new Error(`GET /app/config answered an unknown market: ${String(response.market)}`);
  }
  return { market: response.market, devTools: response.dev_tools === true };
}
