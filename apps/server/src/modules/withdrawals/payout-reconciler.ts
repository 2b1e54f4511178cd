import type { PayoutReconcileOutcome, WithdrawalOperatorService } from './withdrawal-operator.service.ts';

/** How often a server asks the banks about payouts stuck in Processing. */
export const PAYOUT_RECONCILE_INTERVAL_MS = 60_000;
/** Payouts looked at per round, so a backlog never floods a bank's API. */
export const PAYOUT_RECONCILE_BATCH_SIZE = 50;

export interface PayoutReconcileReport {
  readonly checked: number;
  readonly outcomes: Partial<Record<PayoutReconcileOutcome, number>>;
  readonly errors: number;
}

/** Where the reconciler reports (the server's logger). */
export interface PayoutReconcilerLogger {
  warn(detail: object, message: string): void;
  error(detail: object, message: string): void;
}

/** What the reconciler needs of the operator service: the stuck payouts, and settling one of them. */
export type PayoutReconciliation = Pick<
  WithdrawalOperatorService,
  'listStuckPayouts' | 'reconcilePayout' | 'postponeReconciliation'
>;

/**
 * The payout reconciler, the withdrawal side of the recharge poller: a payout approved but left Processing
 * (the server stopped between the approval and the bank's answer, or the bank call failed) would otherwise
 * stay there until an operator approved it again. Each round it takes the payouts stuck longest
 * (PAYOUT_STUCK_AFTER_MS) and settles each from what its bank says, through the operator service's
 * exactly-once rules (WithdrawalOperatorService.reconcilePayout). Every instance may run it: whoever applies
 * an answer first settles the payout, and everyone else finds it settled.
 */
export class PayoutReconciler {
  private running = false;

  constructor(
    private readonly operator: PayoutReconciliation,
    private readonly logger: PayoutReconcilerLogger,
  ) {}

  /** One round: a batch of stuck payouts, each settled, left pending or postponed after an error. */
  async runOnce(): Promise<PayoutReconcileReport> {
    const due = await this.operator.listStuckPayouts(PAYOUT_RECONCILE_BATCH_SIZE);
    const outcomes: Partial<Record<PayoutReconcileOutcome, number>> = {};
    let errors = 0;
    for (const id of due) {
      try {
        const outcome = await this.operator.reconcilePayout(id);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      } catch (error) {
        errors += 1;
        this.logger.warn({ err: error, withdrawal_id: id }, 'reconciling a payout failed');
        // A payout whose bank keeps failing must not hold the head of the queue for the others.
        await this.operator.postponeReconciliation(id);
      }
    }
    return { checked: due.length, outcomes, errors };
  }

  /** Runs a round every interval until the returned function is called; rounds never overlap. */
  start(intervalMs = PAYOUT_RECONCILE_INTERVAL_MS): () => void {
    const timer = setInterval(() => {
      if (this.running) return;
      this.running = true;
      this.runOnce()
        .catch((error: unknown) => this.logger.error({ err: error }, 'the payout reconciler failed'))
        .finally(() => {
          this.running = false;
        });
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
