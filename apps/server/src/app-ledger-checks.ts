import { AVIATOR_LEDGER_CHECKS } from './modules/games/aviator/aviator-ledger-checks.ts';
import { COLOUR_LEDGER_CHECKS } from './modules/games/colour/colour-ledger-checks.ts';
import { LUCKY_HIT_LEDGER_CHECKS } from './modules/games/luckyhit/luckyhit-ledger-checks.ts';
import { GIFT_LEDGER_CHECKS } from './modules/gifts/gifts-ledger-checks.ts';
import { LAUNCHER_LEDGER_CHECKS } from './modules/launcher/launcher-ledger-checks.ts';
import type { LedgerCheck } from './modules/ledger/ledger-check.service.ts';
import { ORDER_LEDGER_CHECKS } from './modules/orders/orders-ledger-checks.ts';
import { PROMOTION_LEDGER_CHECKS } from './modules/promotion/promotion-ledger-checks.ts';
import { WALLET_LEDGER_CHECKS } from './modules/wallet/wallet-ledger-checks.ts';
import { WITHDRAWAL_LEDGER_CHECKS } from './modules/withdrawals/withdrawals-ledger-checks.ts';

/**
 * The business checks that `npm run ledger:check` and every test's `expectLedgerClean` run on top of the
 * ledger's own invariants: each payment, webhook event and UTR credits once; each order is paid once and
 * refunded at most once. A module that moves money adds its checks here.
 */
export const APP_LEDGER_CHECKS: readonly LedgerCheck[] = [
  ...WALLET_LEDGER_CHECKS,
  ...ORDER_LEDGER_CHECKS,
  ...WITHDRAWAL_LEDGER_CHECKS,
  ...COLOUR_LEDGER_CHECKS,
  ...LUCKY_HIT_LEDGER_CHECKS,
  ...PROMOTION_LEDGER_CHECKS,
  ...GIFT_LEDGER_CHECKS,
  ...LAUNCHER_LEDGER_CHECKS,
  ...AVIATOR_LEDGER_CHECKS,
];
