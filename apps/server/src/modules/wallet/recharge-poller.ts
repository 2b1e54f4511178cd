import { PAYMENT_ADAPTERS, type PaymentAdapterName } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Clock } from '../../platform/clock.ts';
import { isManualAdapter } from '../payments/payment-adapters.ts';
import type { PaymentChannelService } from './payment-channel.service.ts';
import { expireWaitingRecharges, listPollableRecharges, touchRecharge } from './recharge.repository.ts';
import { orderRef } from './recharge.service.ts';
import type { RechargeCreditor, SettlementOutcome } from './recharge-crediting.service.ts';

/** How often a server asks the gateways about waiting orders whose webhook has not come. */
export const RECHARGE_POLL_INTERVAL_MS = 60_000;
/** Orders younger than this are left to their webhook, which normally arrives within seconds. */
export const RECHARGE_POLL_MIN_AGE_MS = 60_000;
/** Orders older than this are no longer polled; they expire (a late webhook still credits them). */
export const RECHARGE_POLL_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Orders looked at per tick, so a backlog never floods a gateway's API. */
export const RECHARGE_POLL_BATCH_SIZE = 50;
/** Waiting gateway orders older than this become Cancelled, at most this many per tick. */
export const RECHARGE_EXPIRY_MS = RECHARGE_POLL_MAX_AGE_MS;
export const RECHARGE_EXPIRY_BATCH_SIZE = 500;

/** The adapters whose gateways can be asked about an order. */
const POLLABLE_ADAPTERS: readonly PaymentAdapterName[] = PAYMENT_ADAPTERS.filter(
  (adapter) => !isManualAdapter(adapter),
);

export interface PollReport {
  readonly checked: number;
  readonly outcomes: Partial<Record<SettlementOutcome, number>>;
  readonly errors: number;
  readonly expired: number;
}

/**
 * The poller of pending orders: it asks each gateway about waiting orders whose webhook has not come and
 * settles the answer through the crediting function, then expires orders too old to poll. Every instance
 * may run it; crediting is exactly-once whoever reports first.
 */
export class RechargePoller {
  private running = false;

  constructor(
    private readonly database: AppDatabase,
    private readonly channels: PaymentChannelService,
    private readonly creditor: RechargeCreditor,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** One round: poll a batch of waiting orders, then expire the old ones. */
  async runOnce(): Promise<PollReport> {
    const now = this.clock.now();
    const due = await listPollableRecharges(this.database.db, {
      adapters: POLLABLE_ADAPTERS,
      createdFrom: now - RECHARGE_POLL_MAX_AGE_MS,
      createdTo: now - RECHARGE_POLL_MIN_AGE_MS,
      limit: RECHARGE_POLL_BATCH_SIZE,
    });
    const outcomes: Partial<Record<SettlementOutcome, number>> = {};
    let errors = 0;
    for (const recharge of due) {
      try {
        const channel = await this.channels.findById(recharge.channel_id);
        if (!channel) continue;
        const report = await this.channels.adapterFor(channel).fetchStatus(orderRef(recharge));
        const outcome = await this.creditor.settleReport(recharge.id, report, 'poll');
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        if (outcome === 'pending') await touchRecharge(this.database.db, recharge.id, this.clock.now());
      } catch (error) {
        errors += 1;
        this.logger.warn({ err: error, serial_number: recharge.serial_number }, 'polling a recharge failed');
        await touchRecharge(this.database.db, recharge.id, this.clock.now());
      }
    }
    const expired = await expireWaitingRecharges(this.database.db, {
      adapters: POLLABLE_ADAPTERS,
      createdBefore: now - RECHARGE_EXPIRY_MS,
      now,
      limit: RECHARGE_EXPIRY_BATCH_SIZE,
    });
    return { checked: due.length, outcomes, errors, expired };
  }

  /** Runs a round every interval until the returned function is called; rounds never overlap. */
  start(intervalMs = RECHARGE_POLL_INTERVAL_MS): () => void {
    const timer = setInterval(() => {
      if (this.running) return;
      this.running = true;
      this.runOnce()
        .catch((error: unknown) => this.logger.error({ err: error }, 'the recharge poller failed'))
        .finally(() => {
          this.running = false;
        });
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
