import type { Kysely, RawBuilder } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { systemAccount, userBonus } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { postBulkWalletCredits } from '../ledger/ledger-bulk.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  findBonusReferrer,
  insertBonusIfNew,
  insertRoundBonuses,
  roundBonusCredits,
} from './promotion.repository.ts';

/** The ledger reference type of a P bonus (its id is the round) and of a BFFR bonus (the recharge serial). */
export const PROMOTION_BONUS_REFERENCE_TYPE = 'promotion_bonus';
/** Longest game name a round's bonuses are filed under. */
const MAX_GAME_NAME_LENGTH = 20;
const GAME_NAME_PATTERN = /^[a-z0-9_]{1,20}$/;
const ROUND_REF_PATTERN = /^[A-Za-z0-9:_.-]{1,80}$/;

/** The ledger key (and bonus_key) of a P bonus: one per game round, level and referrer. */
export const roundBonusKeyPrefix = (game: string, roundRef: string): string => `promo:P:${game}:${roundRef}:`;
/** The ledger key (and bonus_key) of the BFFR bonus a referred player's first recharge earns: one ever. */
export const firstRechargeBonusKey = (referredUserId: number): string => `promo:BFFR:${referredUserId}`;

/** What a game's settlement passes: the round's settled fees per player, and the round's name. */
export interface SettledRoundFees {
  /** A query answering user_id and fee_minor, one row per settled bet (or per player). */
  readonly settledFeesByUser: RawBuilder<unknown>;
  /** Short lowercase game name: colour, aviator, luckyhit… */
  readonly game: string;
  /** The settled round, unique within the game (the colour game uses '<room>:<period>'). */
  readonly roundRef: string;
}

/** The hook every game's settlement calls, inside its settlement transaction. */
export interface ReferralBonusAccrual {
  accrueReferralBonuses(
    trx: Kysely<Database>,
    round: SettledRoundFees,
  ): Promise<{ count: number; totalMinor: number }>;
}

/**
 * Referral bonuses (DESIGN.md §6): type P from the service fees that referred players pay on settled bets of
 * every game, and type BFFR from a referred player's first recharge. Bonus goes from promotion expense to the
 * referrer's bonus account, never to the wallet.
 */
export class PromotionAccrualService implements ReferralBonusAccrual {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly settings: SettingsService,
  ) {}

  /**
   * Accrues the P bonuses of one settled round inside the caller's settlement transaction, set-based: one
   * INSERT … SELECT writes one bonus row per referrer, level and round (rates from the operator settings),
   * and one bulk ledger credit pays them all from promotion expense into the bonus accounts. A round
   * accrued twice fails on the unique bonus keys (the settlement's own state guard prevents it).
   */
  async accrueReferralBonuses(
    trx: Kysely<Database>,
    round: SettledRoundFees,
  ): Promise<{ count: number; totalMinor: number }> {
    if (!trx.isTransaction) throw new Error('referral bonuses must accrue inside the settlement transaction');
    if (!GAME_NAME_PATTERN.test(round.game) || round.game.length > MAX_GAME_NAME_LENGTH) {
      throw new Error(`game name ${JSON.stringify(round.game)} is malformed`);
    }
    if (!ROUND_REF_PATTERN.test(round.roundRef)) {
      throw new Error(`round reference ${JSON.stringify(round.roundRef)} is malformed`);
    }
    const rates = await this.settings.getMany(['promotion.level1_rate_bp', 'promotion.level2_rate_bp'], trx);
    const now = this.clock.now();
    const written = await insertRoundBonuses(trx, {
      fees: round.settledFeesByUser,
      game: round.game,
      roundRef: round.roundRef,
      keyPrefix: roundBonusKeyPrefix(round.game, round.roundRef),
      level1RateBp: rates['promotion.level1_rate_bp'],
      level2RateBp: rates['promotion.level2_rate_bp'],
      now,
    });
    if (written === 0) return { count: 0, totalMinor: 0 };
    const paid = await postBulkWalletCredits(trx, this.database.dialect, {
      debit: 'promotion_expense',
      kind: 'promotion_bonus',
      referenceType: PROMOTION_BONUS_REFERENCE_TYPE,
      source: roundBonusCredits(round.game, round.roundRef),
      createdAt: now,
      target: 'bonus',
    });
    if (paid.count !== written) {
      throw new Error(
        `round ${round.game} ${round.roundRef}: ${written} bonuses written, ${paid.count} paid`,
      );
    }
    return paid;
  }

  /**
   * The BFFR bonus of a referred player's first credited recharge, inside the crediting transaction (which
   * decides "first" under the user's lock): the level-1 referrer earns the configured share, capped. Once
   * per referred player ever: the bonus key is unique, and the ledger key too.
   */
  async awardFirstRechargeBonus(
    trx: Kysely<Database>,
    recharge: { userId: number; amountMinor: number; serialNumber: string },
  ): Promise<number> {
    const referrerId = await findBonusReferrer(trx, recharge.userId);
    if (referrerId === undefined) return 0;
    const settings = await this.settings.getMany(
      ['promotion.first_recharge_rate_bp', 'promotion.first_recharge_max_minor'],
      trx,
    );
    const amountMinor = Math.min(
      Math.floor((recharge.amountMinor * settings['promotion.first_recharge_rate_bp']) / 10_000),
      settings['promotion.first_recharge_max_minor'],
    );
    if (amountMinor <= 0) return 0;
    const bonusKey = firstRechargeBonusKey(recharge.userId);
    const inserted = await insertBonusIfNew(trx, {
      userId: referrerId,
      amountMinor,
      sourceUserId: recharge.userId,
      roundRef: recharge.serialNumber,
      bonusKey,
      now: this.clock.now(),
    });
    if (!inserted) return 0;
    await this.ledger.transfer(trx, {
      debit: systemAccount('promotion_expense'),
      credit: userBonus(referrerId),
      amountMinor,
      kind: 'promotion_bonus',
      reference: { type: PROMOTION_BONUS_REFERENCE_TYPE, id: recharge.serialNumber },
      idempotencyKey: bonusKey,
    });
    return amountMinor;
  }
}
