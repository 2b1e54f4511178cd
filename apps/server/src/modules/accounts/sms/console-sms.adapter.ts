import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { SmsAdapter, SmsLogger, SmsMessage } from './sms.adapter.ts';
import { findOutboxMessage, upsertOutboxMessage } from './sms-outbox.repository.ts';

/** The in-memory copy keeps at most this many numbers; the database copy is the one the dev route reads. */
export const CONSOLE_SMS_MEMORY_LIMIT = 1_000;

export interface ConsoleSmsOptions {
  /**
   * Whether each message is also kept for `GET /dev/sms/last`. Only outside production: there the route
   * does not exist, and a table of plaintext one-time codes would only be something to steal.
   */
  devOutbox: boolean;
}

/**
 * The default SMS sink: every message is written to the server log. Outside production the last one per
 * number is also kept in the `sms_outbox` table, so `GET /dev/sms/last` works from any instance and across
 * requests, and in memory, so this process can still answer if the table write failed.
 */
export class ConsoleSmsAdapter implements SmsAdapter {
  readonly name = 'console';
  private readonly lastByMobile = new Map<string, SmsMessage>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly logger: SmsLogger,
    private readonly options: ConsoleSmsOptions,
  ) {}

  /** Logs the message and, with the dev outbox on, keeps it as the number's last one. */
  async send(message: SmsMessage): Promise<void> {
    this.logger.info({ mobile: message.mobile, sms: message.text }, 'console SMS');
    if (!this.options.devOutbox) return;
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

  /**
   * The last message of a number: from the shared table (any instance's), else from this process's memory;
   * always undefined without the dev outbox, which keeps nothing.
   */
  async lastMessage(mobile: string): Promise<SmsMessage | undefined> {
    if (!this.options.devOutbox) return undefined;
    const stored = await findOutboxMessage(this.db, mobile);
    if (stored) return { mobile: stored.mobile, text: stored.text, otp: stored.otp };
    return this.lastByMobile.get(mobile);
  }
}
