import { PAYOUT_ADAPTERS, type PayoutAdapterName } from '@app/shared';

/** What a payout adapter is asked to send: the credited amount to the withdrawal's copy of the card. */
export interface PayoutRequest {
  /** Unique per withdrawal (WD<id>): a bank that sees it twice pays once. */
  readonly reference: string;
  /** The amount the user asked for (price); the bank receives actualMinor. */
  readonly amountMinor: number;
  readonly actualMinor: number;
  readonly actualName: string;
  readonly accountNumber: string;
  readonly ifscCode: string;
  readonly upiAccount: string;
  readonly bankCode: string;
}

/**
 * What the payout adapter answered: paid, failed (the money goes back to the user), or manual (nothing
 * was sent; an operator pays by hand and then marks the withdrawal paid).
 */
export type PayoutResult =
  | { readonly outcome: 'paid'; readonly providerReference: string }
  | { readonly outcome: 'failed'; readonly reason: string }
  | { readonly outcome: 'manual' };

/**
 * What the bank says of a payout it was asked about by reference: settled (paid or failed, as `send`
 * answers), still pending at the bank, or not_found (it never arrived: the server stopped before sending
 * it, or the request was lost), in which case the same request may be sent again; the reference makes a
 * second send pay at most once. manual: there is no bank to ask.
 */
export type PayoutStatusReport =
  | PayoutResult
  | { readonly outcome: 'pending' }
  | { readonly outcome: 'not_found' };

export interface PayoutAdapter {
  readonly name: PayoutAdapterName;
  /** Sends the payout; the same reference sent again must not pay twice. */
  send(request: PayoutRequest): Promise<PayoutResult>;
  /** Asks what became of the payout with the request's reference (the payout reconciler's question). */
  fetchStatus(request: PayoutRequest): Promise<PayoutStatusReport>;
}

/** Finds the adapter of a channel's payout adapter name; tests substitute banks that fail or hang. */
export type PayoutAdapterResolver = (name: PayoutAdapterName) => PayoutAdapter;

/**
 * The sandbox bank's failure rule: it refuses a payout whose requested amount (price, before the fee) ends
 * in exactly .13, that is amount_minor % 100 === 13 (1000.13 and 5.13 fail; 1000.31, 1013.00 and an
 * actual_price ending in .13 do not), and pays every other one. The amount is the one the user typed, so
 * a tester picks the outcome without working out the fee.
 */
export const SANDBOX_FAILING_CENTS = 13;
export const SANDBOX_FAILURE_REASON = 'The bank refused the payout (sandbox: amounts ending in .13 fail)';

/** The adapters with a bank behind them that can be asked about a payout (all but manual). */
export const POLLABLE_PAYOUT_ADAPTERS: readonly PayoutAdapterName[] = PAYOUT_ADAPTERS.filter(
  (name) => name !== 'manual',
);

/** The operator transfers the money by hand; the adapter sends nothing and has no bank to ask. */
export const manualPayoutAdapter: PayoutAdapter = {
  name: 'manual',
  send: async () => ({ outcome: 'manual' }),
  fetchStatus: async () => ({ outcome: 'manual' }),
};

/** The sandbox bank's answer to a payout, by the failure rule above; a pure function of the request. */
function sandboxAnswer(request: PayoutRequest): PayoutResult {
  return request.amountMinor % 100 === SANDBOX_FAILING_CENTS
    ? { outcome: 'failed', reason: SANDBOX_FAILURE_REASON }
    : { outcome: 'paid', providerReference: `SBX-${request.reference}` };
}

/**
 * A simulated bank for tests and demos, deterministic so both outcomes can be exercised on purpose (see
 * SANDBOX_FAILING_CENTS): every payout is settled at once under SBX-<reference>. The same reference always
 * gets the same answer, as a real bank's idempotent payout API would give. It keeps no state, so asked
 * about a payout it answers as if the payout had reached it: never pending, never not_found.
 */
export const sandboxPayoutAdapter: PayoutAdapter = {
  name: 'sandbox',
  send: async (request) => sandboxAnswer(request),
  fetchStatus: async (request) => sandboxAnswer(request),
};

/** The adapter of a channel. */
export const payoutAdapterFor: PayoutAdapterResolver = (name) =>
  name === 'manual' ? manualPayoutAdapter : sandboxPayoutAdapter;
