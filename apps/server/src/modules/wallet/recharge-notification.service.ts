import { minorToDecimalString, type NotificationDto } from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { findUnnotifiedCredit, markCreditNotified } from './recharge.repository.ts';

/** Concurrent calls may race for the same credit; each tries at most this many before answering none. */
const MAX_CLAIM_ATTEMPTS = 5;

/**
 * Reports each credited recharge once (spec 01 §7 GET /user/notification): the first credited recharge of
 * a user as first_recharge, later ones as recharge, oldest first. A credit is claimed with a conditional
 * update, so two concurrent calls never report the same one.
 */
export class RechargeNotificationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** The next credit to report to this user, marked reported; undefined when there is none. */
  async next(userId: number): Promise<NotificationDto | undefined> {
    for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt += 1) {
      const credit = await findUnnotifiedCredit(this.db, userId);
      if (!credit) return undefined;
      if (await markCreditNotified(this.db, credit.id, this.clock.now())) {
        return {
          type: credit.is_first_recharge === 1 ? 'first_recharge' : 'recharge',
          price: minorToDecimalString(credit.amount_minor),
        };
      }
    }
    return undefined;
  }
}
