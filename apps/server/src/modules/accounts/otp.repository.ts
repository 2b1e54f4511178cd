import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OtpCodeRow } from './accounts.tables.ts';

/**
 * Claims the right to send a code to (mobile, purpose) now, unless one was sent less than `minGapMs` ago.
 * One statement on both dialects: the conditional upsert locks the row, so two concurrent sends cannot both
 * win. Answers whether the claim succeeded.
 */
export async function claimSendSlot(
  db: Kysely<Database>,
  mobile: string,
  purpose: string,
  now: number,
  minGapMs: number,
): Promise<boolean> {
  const row = await db
    .insertInto('otp_send_slots')
    .values({ mobile, purpose, last_sent_at: now })
    .onConflict((conflict) =>
      conflict
        .columns(['mobile', 'purpose'])
        .doUpdateSet({ last_sent_at: now })
        .where('otp_send_slots.last_sent_at', '<=', now - minGapMs),
    )
    .returning('last_sent_at')
    .executeTakeFirst();
  return row !== undefined;
}

/** When the last code to (mobile, purpose) was sent, if ever. */
export async function findLastSentAt(
  db: Kysely<Database>,
  mobile: string,
  purpose: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('otp_send_slots')
    .select('last_sent_at')
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return row?.last_sent_at;
}

/** Gives back a claim that did not end in a sent code, so the user may try again at once. */
export async function releaseSendSlot(
  db: Kysely<Database>,
  mobile: string,
  purpose: string,
  claimedAt: number,
): Promise<void> {
  await db
    .updateTable('otp_send_slots')
    .set({ last_sent_at: 0 })
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('last_sent_at', '=', claimedAt)
    .execute();
}

/** Stores a code that was delivered. */
export async function insertOtpCode(
  db: Kysely<Database>,
  code: {
    mobile: string;
    purpose: string;
    code_hash: string;
    ip: string | null;
    expires_at: number;
    created_at: number;
  },
): Promise<void> {
  await db.insertInto('otp_codes').values(code).execute();
}

/** The newest code of (mobile, purpose); older ones are superseded and never checked. */
export async function findLatestOtpCode(
  db: Kysely<Database>,
  mobile: string,
  purpose: string,
): Promise<OtpCodeRow | undefined> {
  return db
    .selectFrom('otp_codes')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One code by id (to tell why a try could not be reserved). */
export function findOtpCodeById(db: Kysely<Database>, id: number): Promise<OtpCodeRow | undefined> {
  return db.selectFrom('otp_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Reserves one try of a code before it is compared: counts the try only if the code is still unused,
 * unexpired and has tries left, in one conditional update (the row lock makes parallel tries take turns), so
 * however many requests arrive at once, at most `maxAttempts` of them ever get to compare. Answers the tries
 * now counted (this one included), or undefined when no try was left to reserve.
 */
export async function reserveOtpAttempt(
  db: Kysely<Database>,
  id: number,
  now: number,
  maxAttempts: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.attempts);
}

/**
 * Marks a code used, only if it is still unused and unexpired; the caller holds a reserved try that found the
 * code right (so the try count needs no second look). The condition makes use single even when two requests
 * carry the same code at once. Answers whether this call consumed it.
 */
export async function consumeOtpCode(db: Kysely<Database>, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
