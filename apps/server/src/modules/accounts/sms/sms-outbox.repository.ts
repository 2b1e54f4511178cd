import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

export interface OutboxMessage {
  mobile: string;
  text: string;
  otp: string;
  created_at: number;
}

/** Keeps the last message per number, replacing the previous one. */
export async function upsertOutboxMessage(db: Kysely<Database>, message: OutboxMessage): Promise<void> {
  await db
    .insertInto('sms_outbox')
    .values(message)
    .onConflict((conflict) =>
      conflict
        .column('mobile')
        .doUpdateSet({ text: message.text, otp: message.otp, created_at: message.created_at }),
    )
    .execute();
}

/** The last message sent to a number, if any. */
export async function findOutboxMessage(
  db: Kysely<Database>,
  mobile: string,
): Promise<OutboxMessage | undefined> {
  return db.selectFrom('sms_outbox').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}
