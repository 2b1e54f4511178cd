import type { TransactionType } from '@app/shared';

/**
 * How a kind of transfer shows in a user's transaction list (spec 02 §3): the type when a user wallet is
 * debited, when it is credited, and when money held from it comes back (a voided hold, or the unused part
 * of a partly posted one). A side without a type must never be a user wallet: the ledger refuses such a
 * transfer, so every line of every user's list has a label.
 */
export interface LedgerKindRule {
  readonly userDebit?: TransactionType;
  readonly userCredit?: TransactionType;
  readonly userRelease?: TransactionType;
}

/**
 * Every kind of transfer the ledger accepts. Choices beyond the spec's words:
 * - RE is a recharge paid through a payment channel (gateway or manual UPI confirmed by an operator);
 *   HRE is a hand recharge, money an operator credits directly; HREC takes a recharge back.
 * - A withdrawal is a hold shown as WD; when the operator rejects it the hold is voided, shown as WDR.
 * - A user-to-user transfer is one row: "Transfer out" for the sender, "Transfer in" for the receiver (the
 *   spec spells these two types in words, so the words are the values).
 * - Game stakes are debited when the bet is placed, before the outcome is known, so the "lose" codes of
 *   Lucky Hit and Aviator (LHL, AVIL) label the stake and LHW, AVIW the winnings; the colour game uses GU
 *   (game buy, one per bet) and GUW (game win, one per player and period: the sum of that player's
 *   winning bets of the period, referenced by the period; each bet's own win shows in my_guesses).
 * - ORDR, the money of a cancelled order, is this product's addition to the spec's list.
 * - fee, game_settlement and settlement move money between system accounts only.
 */
export const LEDGER_KINDS = {
  recharge: { userCredit: 'RE' },
  manual_recharge: { userCredit: 'HRE' },
  recharge_cancel: { userDebit: 'HREC' },
  withdrawal: { userDebit: 'WD', userRelease: 'WDR' },
  user_transfer: { userDebit: 'Transfer out', userCredit: 'Transfer in' },
  order: { userDebit: 'ORD', userRelease: 'ORDR' },
  order_refund: { userCredit: 'ORDR' },
  colour_bet: { userDebit: 'GU' },
  colour_win: { userCredit: 'GUW' },
  promotion_profit: { userCredit: 'GUP' },
  gift: { userCredit: 'RP' },
  event_gift: { userCredit: 'REG' },
  event_return: { userCredit: 'RETURN' },
  luckyhit_bet: { userDebit: 'LHL' },
  luckyhit_win: { userCredit: 'LHW' },
  aviator_bet: { userDebit: 'AVIL' },
  aviator_win: { userCredit: 'AVIW' },
  /** The stake of a bet in a round a dying leader left unfinished, given back (shown as an Aviator win). */
  aviator_refund: { userCredit: 'AVIW' },
  /** Referral bonus (type P or BFFR) from promotion expense into a user's bonus account, never the wallet. */
  promotion_bonus: {},
  /** Embedded third-party games (seamless wallet): the provider's debit, credit and rollback of a debit. */
  launcher_debit: { userDebit: 'EXGB' },
  launcher_credit: { userCredit: 'EXGW' },
  launcher_rollback: { userCredit: 'EXGR' },
  fee: {},
  game_settlement: {},
  settlement: {},
} as const satisfies Record<string, LedgerKindRule>;

export type LedgerKind = keyof typeof LEDGER_KINDS;

/** Whether a stored kind is one this code knows. */
export function isLedgerKind(kind: string): kind is LedgerKind {
  return Object.hasOwn(LEDGER_KINDS, kind);
}

/** The rule of a kind. */
export function ledgerKindRule(kind: LedgerKind): LedgerKindRule {
  return LEDGER_KINDS[kind];
}

/** Every kind whose rule lets a user wallet stand on the given side. */
export function kindsAllowingUser(side: keyof LedgerKindRule): LedgerKind[] {
  return (Object.keys(LEDGER_KINDS) as LedgerKind[]).filter(
    (kind) => ledgerKindRule(kind)[side] !== undefined,
  );
}

/** Names of the operator's accounts (DESIGN.md "The ledger"), created by migration 0003-ledger. */
export const SYSTEM_ACCOUNT_NAMES = [
  'manual_upi_clearing',
  'payout_clearing',
  'fee_revenue',
  'shop_revenue',
  'game_escrow',
  'game_house',
  'promotion_expense',
  'gift_expense',
  'external_games',
  /** Hand recharges (HRE) and recharge cancels (HREC): money an operator pair puts in or takes back. */
  'operator_adjustments',
] as const;
export type SystemAccountName = (typeof SYSTEM_ACCOUNT_NAMES)[number];

/** Gateway keys name a clearing account; they are short lowercase words such as razorpay or sandbox. */
export const GATEWAY_KEY_PATTERN = /^[a-z0-9_-]{1,40}$/;

/**
 * Which account a transfer leg names: a user's wallet, one of the operator's accounts, or the clearing
 * account of a payment gateway (money paid in through it and not yet settled to the operator's bank).
 */
export type LedgerAccountRef =
  | { readonly userId: number }
  | { readonly bonusOfUserId: number }
  | { readonly system: SystemAccountName }
  | { readonly gatewayKey: string };

/** The wallet of a user. */
export const userWallet = (userId: number): LedgerAccountRef => ({ userId });
/**
 * A user's promotion bonus account (DESIGN.md §6): referral bonuses accrue here, never in the wallet, and
 * leave it only through a profit transfer. Stored as a 'system' account without user_id (the wallet owns
 * the unique user_id); the ledger guards its debits like a wallet's, so it never goes below zero.
 */
export const userBonus = (userId: number): LedgerAccountRef => ({ bonusOfUserId: userId });
/** Code prefix of the bonus accounts. */
export const BONUS_ACCOUNT_CODE_PREFIX = 'bonus:';
/** Whether an account's debits must leave it non-negative: a wallet or a bonus account. */
export function isBalanceGuardedAccount(account: { kind: string; code: string }): boolean {
  return account.kind === 'user_wallet' || account.code.startsWith(BONUS_ACCOUNT_CODE_PREFIX);
}
/** One of the operator's fixed accounts. */
export const systemAccount = (name: SystemAccountName): LedgerAccountRef => ({ system: name });
/** The clearing account of a payment gateway, created the first time it is used. */
export const gatewayClearing = (gatewayKey: string): LedgerAccountRef => ({ gatewayKey });

/** The unique code stored for an account reference; throws on an impossible reference. */
export function accountCode(ref: LedgerAccountRef): string {
  if ('userId' in ref) {
    if (!Number.isSafeInteger(ref.userId) || ref.userId < 1) {
      throw new Error(`Ledger invariant violated: user id ${ref.userId} is not a positive integer`);
    }
    return `user:${ref.userId}`;
  }
  if ('bonusOfUserId' in ref) {
    if (!Number.isSafeInteger(ref.bonusOfUserId) || ref.bonusOfUserId < 1) {
      throw new Error(`Ledger invariant violated: user id ${ref.bonusOfUserId} is not a positive integer`);
    }
    return `${BONUS_ACCOUNT_CODE_PREFIX}${ref.bonusOfUserId}`;
  }
  if ('system' in ref) {
    if (!(SYSTEM_ACCOUNT_NAMES as readonly string[]).includes(ref.system)) {
      throw new Error(`Ledger invariant violated: unknown system account ${ref.system}`);
    }
    return `system:${ref.system}`;
  }
  if (!GATEWAY_KEY_PATTERN.test(ref.gatewayKey)) {
    throw new Error(`Ledger invariant violated: gateway key ${JSON.stringify(ref.gatewayKey)} is malformed`);
  }
  return `system:gateway:${ref.gatewayKey}`;
}
