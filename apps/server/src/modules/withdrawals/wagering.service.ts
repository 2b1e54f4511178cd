import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { LedgerInvariantError } from '../ledger/ledger.errors.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/** The factor setting is kept in hundredths so the requirement is computed in whole minor units. */
const FACTOR_SCALE = 100;

/** amount × factor in minor units, the factor given in hundredths, rounded half up. */
export function scaledRequirementMinor(amountMinor: number, factorHundredths: number): number {
  return Math.floor((amountMinor * factorHundredths + FACTOR_SCALE / 2) / FACTOR_SCALE);
}

/**
 * The stakes a bulk settlement takes off needs_bet: a query answering user_id and stake_minor, one row per
 * settled bet (a user may have many).
 */
export type SettledStakesSource = RawBuilder<unknown>;

function assertInsideTransaction(db: Kysely<Database>): void {
  // needs_bet must change in the same transaction as the credit or bet that changes it.
  if (!db.isTransaction) throw new LedgerInvariantError('needs_bet changes must run inside runInTransaction');
}

function assertAmount(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) {
    throw new LedgerInvariantError(`needs_bet change ${amountMinor} is not a non-negative safe integer`);
  }
}

/**
 * needs_bet, the wagering requirement (issue 6): what a user must still stake before they may withdraw.
 * Each credited recharge adds its amount × the `withdrawal.needs_bet_factor` setting; bonuses and gifts add
 * theirs through `add`; settled bets take theirs off through `reduceForBet`; a transfer between users
 * carries the sender's unwagered part to the receiver. It never goes below 0 (the
 * update clamps, a CHECK constraint backs it). Every change runs in the caller's transaction.
 *
 * Locking rule (PostgreSQL; SQLite runs one writer at a time): whoever grows a user's needs_bet, or reads it
 * to decide something, first locks that user's row (lockUserRow; several users in ascending id order) and
 * only then moves money through the ledger, which locks its accounts after it. The withdrawal locks the same
 * row before it reads needs_bet and holds the money, so the two take turns and no withdrawal can hold money
 * whose requirement it did not see. Users before ledger accounts before wagering rows is the order every
 * path takes, so they cannot deadlock one another over these rows. Taking stakes off (the games) needs no
 * user lock: a withdrawal racing it can only see a requirement too high, never too low.
 */
export class WageringService {
  constructor(
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  /** What the user must still stake, in minor units (0 when nothing was ever required). */
  async needsBetMinor(db: Kysely<Database>, userId: number): Promise<number> {
    const row = await db
      .selectFrom('wagering_requirements')
      .select('needs_bet_minor')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? Number(row.needs_bet_minor) : 0;
  }

  /**
   * Adds the requirement of a credited recharge (amount × factor), inside the crediting transaction, which
   * locked the user's row before crediting the money (see the locking rule above).
   */
  async addForRecharge(trx: Kysely<Database>, userId: number, amountMinor: number): Promise<number> {
    const factor = await this.settings.get('withdrawal.needs_bet_factor', trx);
    const addedMinor = scaledRequirementMinor(amountMinor, Math.round(factor * FACTOR_SCALE));
    await this.add(trx, userId, addedMinor);
    return addedMinor;
  }

  /**
   * Adds a requirement (a bonus, a gift), inside the transaction that credits it; that transaction locks the
   * user's row before it moves the money (see the locking rule above).
   */
  async add(trx: Kysely<Database>, userId: number, amountMinor: number): Promise<void> {
    assertInsideTransaction(trx);
    assertAmount(amountMinor);
    if (amountMinor === 0) return;
    const now = this.clock.now();
    await trx
      .insertInto('wagering_requirements')
      .values({ user_id: userId, needs_bet_minor: amountMinor, updated_at: now })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet((eb) => ({
          needs_bet_minor: eb('wagering_requirements.needs_bet_minor', '+', amountMinor),
          updated_at: now,
        })),
      )
      .execute();
  }

  /**
   * A transfer between users carries the unwagered part of the money with it: up to the amount, the
   * sender's requirement moves to the receiver, so recharged money cannot skip the requirement by being
   * sent to another account, while money already wagered moves free. Runs after the ledger transfer in the
   * same transaction, which locked both users' rows first (see the locking rule above), so the sender's
   * requirement read here cannot change under it. Answers what moved.
   */
  async carryWithTransfer(
    trx: Kysely<Database>,
    senderId: number,
    receiverId: number,
    amountMinor: number,
  ): Promise<number> {
    assertInsideTransaction(trx);
    assertAmount(amountMinor);
    const carriedMinor = Math.min(await this.needsBetMinor(trx, senderId), amountMinor);
    if (carriedMinor === 0) return 0;
    await this.reduceForBet(trx, senderId, carriedMinor);
    await this.add(trx, receiverId, carriedMinor);
    return carriedMinor;
  }

  /**
   * Takes a settled stake off the requirement, never below 0; for the games to call inside the transaction
   * that settles the bet. Answers what remains.
   */
  async reduceForBet(trx: Kysely<Database>, userId: number, stakeMinor: number): Promise<number> {
    assertInsideTransaction(trx);
    assertAmount(stakeMinor);
    const row = await trx
      .updateTable('wagering_requirements')
      .set((eb) => ({
        needs_bet_minor: eb
          .case()
          .when('needs_bet_minor', '>', stakeMinor)
          .then(eb('needs_bet_minor', '-', stakeMinor))
          .else(0)
          .end(),
        updated_at: this.clock.now(),
      }))
      .where('user_id', '=', userId)
      .returning('needs_bet_minor')
      .executeTakeFirst();
    return row ? Number(row.needs_bet_minor) : 0;
  }

  /**
   * Takes every settled stake of a bulk settlement off its player's requirement in one statement (a game
   * period with 100,000 bets must not cost one statement per bet), each clamped at 0, for the games to call
   * inside the transaction that settles the bets. Answers how many requirements changed.
   */
  async reduceForSettledBets(trx: Kysely<Database>, stakes: SettledStakesSource): Promise<number> {
    assertInsideTransaction(trx);
    // UPDATE … FROM (PostgreSQL, and SQLite since 3.33) aggregates each player's stakes once.
    const updated = await sql`
      update wagering_requirements
      set needs_bet_minor = case when wagering_requirements.needs_bet_minor > t.total_minor
          then wagering_requirements.needs_bet_minor - t.total_minor else 0 end,
        updated_at = ${this.clock.now()}
      from (select s.user_id as user_id, sum(s.stake_minor) as total_minor from (${stakes}) s
        group by s.user_id) t
      where wagering_requirements.user_id = t.user_id and wagering_requirements.needs_bet_minor > 0
    `.execute(trx);
    return Number(updated.numAffectedRows ?? 0n);
  }
}
