import {
  type AppConfigResponse,
  INLINE_APP_CONFIG_ELEMENT_ID,
  isMarketCode,
  type MarketCode,
} from '@app/shared';
import type { ApiClient } from '../api/api-client.ts';
import { readInlineJson } from '../api/inline-data.ts';

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

/** The app's view of GET /app/config's answer; an unknown market is refused rather than guessed at. */
function toAppConfig(response: unknown): AppConfig {
  const { market, dev_tools } = (
    typeof response === 'object' && response !== null ? response : {}
  ) as Partial<AppConfigResponse>;
  if (!isMarketCode(market)) {
    throw new Error(`GET /app/config answered an unknown market: ${String(market)}`);
  }
  return { market, devTools: dev_tools === true };
}

/** GET /app/config; an answer with an unknown market is refused rather than guessed at. */
export async function fetchAppConfig(client: ApiClient, signal?: AbortSignal): Promise<AppConfig> {
  return toAppConfig(await client.get<AppConfigResponse>('/app/config', undefined, { signal }));
}

/**
 * The configuration the server wrote into the page for `/`, so the first render does not wait for GET
 * /app/config; undefined when the page has none or it cannot be read (the app then asks the server).
 */
export function readInlineAppConfig(document: Document): AppConfig | undefined {
  const response = readInlineJson(document, INLINE_APP_CONFIG_ELEMENT_ID);
  if (response === undefined) return undefined;
  try {
    return toAppConfig(response);
  } catch (error) {
    console.error('The page carries an unreadable app configuration; asking the server', error);
    return undefined;
  }
}
