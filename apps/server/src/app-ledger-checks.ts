import { AVIATOR_LEDGER_CHECKS } from './modules/games/aviator/aviator-ledger-checks.ts';
import { COLOUR_LEDGER_CHECKS } from './modules/games/colour/colour-ledger-checks.ts';
import type { LedgerCheck } from './modules/ledger/ledger-check.service.ts';
import { ORDER_LEDGER_CHECKS } from './modules/orders/orders-ledger-checks.ts';
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
  ...AVIATOR_LEDGER_CHECKS,
];
