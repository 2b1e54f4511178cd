import type { PayoutAdapterName } from '@app/shared';

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

export interface PayoutAdapter {
  readonly name: PayoutAdapterName;
  send(request: PayoutRequest): Promise<PayoutResult>;
}

/** The sandbox bank refuses a payout whose requested amount ends in this many hundredths (….13). */
export const SANDBOX_FAILING_CENTS = 13;
export const SANDBOX_FAILURE_REASON = 'The bank refused the payout (sandbox: amounts ending in .13 fail)';

/** The operator transfers the money by hand; the adapter sends nothing. */
export const manualPayoutAdapter: PayoutAdapter = {
  name: 'manual',
  send: async () => ({ outcome: 'manual' }),
};

/**
 * A simulated bank for tests and demos, deterministic so both outcomes can be exercised on purpose: a
 * requested amount ending in .13 fails, every other amount is paid at once under SBX-<reference>. The
 * same reference always gets the same answer, as a real bank's idempotent payout API would give.
 */
export const sandboxPayoutAdapter: PayoutAdapter = {
  name: 'sandbox',
  send: async (request) =>
    request.amountMinor % 100 === SANDBOX_FAILING_CENTS
      ? { outcome: 'failed', reason: SANDBOX_FAILURE_REASON }
      : { outcome: 'paid', providerReference: `SBX-${request.reference}` },
};

/** The adapter of a channel. */
export function payoutAdapterFor(name: PayoutAdapterName): PayoutAdapter {
  return name === 'manual' ? manualPayoutAdapter : sandboxPayoutAdapter;
}
