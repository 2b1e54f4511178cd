import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { SmsAdapter, SmsLogger, SmsMessage } from './sms.adapter.ts';
import { findOutboxMessage, upsertOutboxMessage } from './sms-outbox.repository.ts';

/** The in-memory copy keeps at most this many numbers; the database copy is the one the dev route reads. */
export const CONSOLE_SMS_MEMORY_LIMIT = 1_000;

/**
 * The default SMS sink: every message is written to the server log, and the last one per number is kept in
 * the `sms_outbox` table, so `GET /dev/sms/last` works from any instance and across requests, and in memory,
 * so this process can still answer if the table write failed.
 */
export class ConsoleSmsAdapter implements SmsAdapter {
  readonly name = 'console';
  private readonly lastByMobile = new Map<string, SmsMessage>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly logger: SmsLogger,
  ) {}

  /** Logs the message and keeps it as the number's last one. */
  async send(message: SmsMessage): Promise<void> {
    this.logger.info({ mobile: message.mobile, sms: message.text }, 'console SMS');
    // Re-inserting moves the number to the end, so the oldest number is the first one evicted.
    this.lastByMobile.delete(message.mobile);
    this.lastByMobile.set(message.mobile, message);
    if (this.lastByMobile.size > CONSOLE_SMS_MEMORY_LIMIT) {
      const oldest = this.lastByMobile.keys().next().value;
      if (oldest !== undefined) this.lastByMobile.delete(oldest);
    }
    try {
      await upsertOutboxMessage(this.db, { ...message, created_at: this.clock.now() });
    } catch (error) {
      // The message is in the log, which is this sink's delivery; the outbox is only a convenience.
      this.logger.warn({ err: error, mobile: message.mobile }, 'console SMS not kept in the outbox table');
    }
  }

  /** The last message of a number: from the shared table (any instance's), else from this process's memory. */
  async lastMessage(mobile: string): Promise<SmsMessage | undefined> {
    const stored = await findOutboxMessage(this.db, mobile);
    if (stored) return { mobile: stored.mobile, text: stored.text, otp: stored.otp };
    return this.lastByMobile.get(mobile);
  }
}
