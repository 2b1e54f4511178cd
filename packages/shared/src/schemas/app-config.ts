import type { MarketCode } from '../markets.ts';

/**
 * GET /app/config (no auth): what the web app needs before its first render. The spec leaves the market to
 * the build; here one build serves every market and the server says which one it runs.
 */
export interface AppConfigResponse {
  code: 200;
  market: MarketCode;
  /** Whether development helpers (/dev/...) are registered, so the demo can point at the SMS outbox. */
  dev_tools: boolean;
}
