import type { MarketCode } from '@app/shared';

/**
 * The market whose money and numbers the server's messages show, set once at boot from GET /app/config. A
 * module of its own, so the boot code does not carry the message catalogue into the first load.
 */
let messageMarket: MarketCode = 'in';

/** Sets the market the server's messages are formatted for (main.tsx, after GET /app/config). */
export function setMessageMarket(market: MarketCode): void {
  messageMarket = market;
}

/** The market the server's messages are formatted for. */
export function getMessageMarket(): MarketCode {
  return messageMarket;
}
