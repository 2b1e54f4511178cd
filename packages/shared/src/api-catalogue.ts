/**
 * The catalogue of the HTTP API: every call the server serves (except the web app's files, the media and the
 * development helpers under /dev/…), with the very zod schemas its route parses. The server builds its
 * OpenAPI document (GET /api/docs) from it, and a server test checks it against the registered routes in
 * both directions.
 *
 * Imported from `@app/shared/api-catalogue` only: it is kept out of the package's main entry so the web app
 * never bundles it.
 */
import type { z } from 'zod';
import type { MarketCode } from './markets.ts';
import { changeNickNameBody, createAccountSchemas } from './schemas/accounts.ts';
import {
  alertListQuery,
  alertParams,
  approvalListQuery,
  approvalParams,
  playerAdjustmentBody,
} from './schemas/approvals.ts';
import { aviatorRoundDetailQuery, aviatorUserRecordsQuery } from './schemas/aviator.ts';
import {
  addUserGuessBody,
  adminColourPeriodsQuery,
  colourChainsQuery,
  colourFairnessQuery,
  colourHistoryQuery,
  colourListQuery,
} from './schemas/colour-game.ts';
import { paginationQuery } from './schemas/common.ts';
import {
  adminCreateGiftCodeBody,
  adminGiftCodeListQuery,
  adminGiftCodeParams,
  adminGiftEventListQuery,
  joinGiftEventBody,
  receiveRedPacketBody,
} from './schemas/gifts.ts';
import {
  adminGameBody,
  adminGameEnabledBody,
  adminGameListQuery,
  adminGameParams,
  adminProviderBody,
  demoOpenBody,
  demoRollBody,
  demoSessionBody,
  seamlessBalanceBody,
  seamlessCreditBody,
  seamlessDebitBody,
  seamlessOpenBody,
  seamlessProviderParams,
  seamlessRollbackBody,
  startGameQuery,
} from './schemas/launcher.ts';
import { transactionListQuery } from './schemas/ledger.ts';
import {
  adminLuckyHitRoundsQuery,
  luckyHitRoundDetailQuery,
  luckyHitUserRecordsQuery,
} from './schemas/luckyhit.ts';
import {
  adminChannelParams,
  adminPaymentChannelUpdateBody,
  adminWithdrawalChannelUpdateBody,
} from './schemas/operator-channels.ts';
import {
  auditLogQuery,
  createOperatorBody,
  dashboardQuery,
  operatorEnrolBody,
  operatorIdParams,
  operatorListQuery,
  operatorLoginBody,
  operatorReasonBody,
  operatorSessionParams,
  playerRecordsQuery,
  playerSessionParams,
  updateOperatorBody,
} from './schemas/operator-console.ts';
import {
  adminBannersBody,
  adminMediaUploadBody,
  adminNoticesBody,
  adminSupportContactsBody,
  mediaUploadParams,
} from './schemas/operator-content.ts';
import { settingParams } from './schemas/operator-settings.ts';
import {
  operatorUserFlagsBody,
  operatorUserListQuery,
  operatorUserParams,
} from './schemas/operator-users.ts';
import {
  addProfitTransferBody,
  adminProfitTransferListQuery,
  adminProfitTransferParams,
  adminProfitTransferRefuseBody,
  profitTransferListQuery,
  promotionLevelQuery,
} from './schemas/promotion.ts';
import { productListQuery, productQuery } from './schemas/shop.ts';
import {
  addressQuery,
  adminCreateProductBody,
  adminOrderListQuery,
  adminOrderParams,
  adminProductListQuery,
  adminProductParams,
  adminUpdateProductBody,
  buyBody,
  deleteAddressBody,
  editAddressBody,
  orderIdBody,
  orderListQuery,
} from './schemas/shop-orders.ts';
import {
  addSuggestionBody,
  adminSuggestionListQuery,
  adminSuggestionParams,
  adminSuggestionReplyBody,
  suggestionListQuery,
} from './schemas/suggestions.ts';
import {
  addRechargeBody,
  adminRechargeListQuery,
  adminRechargeParams,
  adminRejectBody,
  channelListQuery,
  rechargeBySnQuery,
  rechargeListQuery,
  rechargeReturnBody,
  submitUtrBody,
  transferToBody,
} from './schemas/wallet.ts';
import {
  addWithdrawalBody,
  adminWithdrawalListQuery,
  adminWithdrawalParams,
  adminWithdrawalRejectBody,
  bankCardQuery,
  deleteBankCardBody,
  editBankCardBody,
  withdrawalListQuery,
} from './schemas/withdrawal.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: anyone; a logged-in player (`Authorization: Token <token>`); a player only for some inputs
 * (the description says which); the operator (`Authorization: Bearer <ADMIN_TOKEN>`).
 */
export type ApiAuth = 'none' | 'token' | 'token-for-some-inputs' | 'operator';

/** One call of the API. */
/** How every seamless-wallet call is signed and when it is refused (README "Game launcher"). */
const SEAMLESS_CALL_DESCRIPTION =
  'Signed: headers x-seamless-timestamp (epoch ms, within 5 minutes of the wallet’s clock), x-seamless-nonce (16-64 of A-Z a-z 0-9 _ -, never reused) and x-signature, hex HMAC-SHA256 with the provider’s secret of "<timestamp>.<nonce>.<raw body>"; idempotent by transaction_id. Refused (401 The session has ended) once the player’s login session, early access or the game ends.';

export interface ApiCall {
  method: ApiMethod;
  /** OpenAPI style: `/admin/api/orders/{id}/ship`. */
  path: string;
  /** Groups the calls in the document (user, shop, wallet, withdrawals, win, fairness, operator, …). */
  tag: string;
  /** One line. */
  summary: string;
  /** More detail where the schemas cannot say it. */
  description?: string;
  auth: ApiAuth;
  /** The schema the route parses `request.query` with. */
  query?: z.ZodType;
  /** The schema the route parses `request.params` with; path parameters without one are plain strings. */
  params?: z.ZodType;
  /** The schema the route parses the JSON body with. */
  body?: z.ZodType;
  /** A body that is not described by a zod schema (its description). */
  bodyDescription?: string;
  /** Reads the Idempotency-Key header: a retry with the same key answers the first answer, moving no money. */
  idempotencyKey?: boolean;
  /** Takes `p` and `p_size` and answers `page.count` and `queryset`. */
  paginated?: boolean;
  /** Answers something other than the `{code, msg}` envelope (its description). */
  rawAnswer?: string;
}

/** The catalogue for one market: the mobile number and bank card fields depend on it. */
export function createApiCatalogue(market: MarketCode): readonly ApiCall[] {
  const accounts = createAccountSchemas(market);
  return [
    // Platform
    {
      method: 'GET',
      path: '/healthz',
      tag: 'platform',
      summary: 'Health check: 200 when the database answers a ping in time, 503 otherwise',
      auth: 'none',
    },
    {
      method: 'GET',
      path: '/app/config',
      tag: 'platform',
      summary: 'What the web app needs before its first render: the market and whether /dev/… helpers exist',
      auth: 'none',
    },
    {
      method: 'GET',
      path: '/api/docs',
      tag: 'platform',
      summary: 'This OpenAPI 3.1 document, generated from the zod schemas of the calls',
      auth: 'none',
      rawAnswer: 'The OpenAPI document itself, not wrapped in the envelope.',
    },

    // Accounts and profile (spec 01 §7)
    {
      method: 'POST',
      path: '/user/send_verify_code',
      tag: 'user',
      summary: 'Send a one-time code by SMS (register, reset_password or edit_bankcard)',
      description:
        'verify_type edit_bankcard needs `Authorization: Token` (the code goes to the account’s own number); the other two are asked for before an account exists.',
      auth: 'token-for-some-inputs',
      body: accounts.sendVerifyCode,
    },
    {
      method: 'POST',
      path: '/user/register',
      tag: 'user',
      summary: 'Register with a one-time code and a referral code; answers a token and a device id',
      auth: 'none',
      body: accounts.register,
    },
    {
      method: 'POST',
      path: '/user/login',
      tag: 'user',
      summary: 'Log in; from an unknown device answers 403 with a device_id and sends a code to confirm it',
      auth: 'none',
      body: accounts.login,
    },
    {
      method: 'PUT',
      path: '/user/reset_password',
      tag: 'user',
      summary: 'Set a new password with a one-time code',
      auth: 'none',
      body: accounts.resetPassword,
    },
    {
      method: 'POST',
      path: '/user/logout',
      tag: 'user',
      summary: 'Revoke the session token',
      auth: 'token',
    },
    {
      method: 'GET',
      path: '/user/profile',
      tag: 'user',
      summary: 'The profile: entry (balance, referral code), flags, promotion URL and support contacts',
      auth: 'token',
    },
    {
      method: 'POST',
      path: '/user/change_nick_name',
      tag: 'user',
      summary: 'Change the nickname',
      auth: 'token',
      body: changeNickNameBody,
    },
    {
      method: 'GET',
      path: '/user/get_app_version',
      tag: 'user',
      summary: 'The landing page of the app download',
      auth: 'none',
    },
    {
      method: 'GET',
      path: '/user/get_app_version_auth',
      tag: 'user',
      summary: 'The landing page of the app download, for a logged-in player',
      auth: 'token',
    },
    {
      method: 'GET',
      path: '/user/notification',
      tag: 'user',
      summary: 'A credited recharge to report once (notify is absent when there is none)',
      auth: 'token',
    },

    // Shop (spec 01 §7)
    {
      method: 'GET',
      path: '/shop/home_top',
      tag: 'shop',
      summary: 'The home screen: banners, notice, Android version and the more-games list',
      auth: 'none',
    },
    {
      method: 'GET',
      path: '/shop/products',
      tag: 'shop',
      summary: 'Products, optionally filtered by keyword',
      auth: 'none',
      query: productListQuery,
      paginated: true,
    },
    {
      method: 'GET',
      path: '/shop/product',
      tag: 'shop',
      summary: 'One product',
      auth: 'none',
      query: productQuery,
    },

    // Addresses and orders
    {
      method: 'GET',
      path: '/user/addresses',
      tag: 'orders',
      summary: 'The player’s delivery addresses',
      auth: 'token',
    },
    {
      method: 'GET',
      path: '/user/address',
      tag: 'orders',
      summary: 'One delivery address',
      auth: 'token',
      query: addressQuery,
    },
    {
      method: 'POST',
      path: '/user/edit_address',
      tag: 'orders',
      summary: 'Add a delivery address, or change one when id is given',
      auth: 'token',
      body: editAddressBody,
    },
    {
      method: 'PUT',
      path: '/user/delete_address',
      tag: 'orders',
      summary: 'Delete a delivery address',
      auth: 'token',
      body: deleteAddressBody,
    },
    {
      method: 'POST',
      path: '/user/buy',
      tag: 'orders',
      summary: 'Buy a product from the wallet (needs the login password)',
      auth: 'token',
      body: buyBody,
      idempotencyKey: true,
    },
    {
      method: 'GET',
      path: '/user/orders',
      tag: 'orders',
      summary: 'The player’s orders, optionally of one status',
      auth: 'token',
      query: orderListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/user/confirm_order',
      tag: 'orders',
      summary: 'Confirm a shipped order was received',
      auth: 'token',
      body: orderIdBody,
    },
    {
      method: 'POST',
      path: '/user/cancel_order',
      tag: 'orders',
      summary: 'Cancel an order not yet shipped; the price goes back to the wallet',
      auth: 'token',
      body: orderIdBody,
      idempotencyKey: true,
    },

    // Wallet: recharge, transactions, transfer (spec 01 §7, spec 02 §7)
    {
      method: 'GET',
      path: '/user/channels',
      tag: 'wallet',
      summary: 'Payment channels (type=pay) or withdrawal channels (type=withdrawal)',
      description:
        'type=withdrawal is answered by the withdrawals module before the query schema below runs, so it is accepted too.',
      auth: 'token',
      query: channelListQuery,
    },
    {
      method: 'POST',
      path: '/user/add_recharge',
      tag: 'wallet',
      summary: 'Start a recharge through a payment channel; answers the serial number and how to pay',
      auth: 'token',
      body: addRechargeBody,
      idempotencyKey: true,
    },
    {
      method: 'GET',
      path: '/user/recharges',
      tag: 'wallet',
      summary: 'The player’s recharges, newest first',
      auth: 'token',
      query: rechargeListQuery,
      paginated: true,
    },
    {
      method: 'GET',
      path: '/user/query_recharge_by_sn',
      tag: 'wallet',
      summary: 'One recharge by serial number',
      auth: 'token',
      query: rechargeBySnQuery,
    },
    {
      method: 'POST',
      path: '/user/submit_utr_to_recharge',
      tag: 'wallet',
      summary: 'Submit the UTR of a manual UPI payment for the operator to confirm',
      auth: 'token',
      body: submitUtrBody,
      idempotencyKey: true,
    },
    {
      method: 'POST',
      path: '/user/recharge_return',
      tag: 'wallet',
      summary: 'Hand over what a gateway’s checkout returned; a valid signature credits the recharge',
      auth: 'token',
      body: rechargeReturnBody,
    },
    {
      method: 'POST',
      path: '/user/transfer_to',
      tag: 'wallet',
      summary: 'Transfer money to another player',
      auth: 'token',
      body: transferToBody,
      idempotencyKey: true,
    },
    {
      method: 'GET',
      path: '/user/transactions',
      tag: 'wallet',
      summary: 'The player’s ledger transactions, newest first',
      auth: 'token',
      query: transactionListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/webhooks/{channelKey}',
      tag: 'wallet',
      summary:
        'A payment gateway’s webhook for the channel with this key (signature checked over the raw body)',
      auth: 'none',
      bodyDescription:
        'The gateway’s own payload, read as raw bytes of any content type: the signature is computed over the body exactly as sent.',
      rawAnswer: 'The status and body the gateway expects (not necessarily the envelope).',
    },

    // Bank cards and withdrawals (spec 01 §7, spec 02 §7)
    {
      method: 'GET',
      path: '/user/bank_cards',
      tag: 'withdrawals',
      summary: 'The player’s bank cards (account numbers masked)',
      auth: 'token',
    },
    {
      method: 'GET',
      path: '/user/bank_card',
      tag: 'withdrawals',
      summary: 'One bank card',
      auth: 'token',
      query: bankCardQuery,
    },
    {
      method: 'POST',
      path: '/user/edit_bank_card',
      tag: 'withdrawals',
      summary: 'Add a bank card, or change one when id is given (the fields follow the market)',
      auth: 'token',
      body: editBankCardBody(market),
    },
    {
      method: 'PUT',
      path: '/user/delete_bank_card',
      tag: 'withdrawals',
      summary: 'Delete a bank card',
      auth: 'token',
      body: deleteBankCardBody,
    },
    {
      method: 'POST',
      path: '/user/add_withdrawal',
      tag: 'withdrawals',
      summary:
        'Request a withdrawal to a bank card; the amount is held until the operator pays or rejects it',
      auth: 'token',
      body: addWithdrawalBody,
      idempotencyKey: true,
    },
    {
      method: 'GET',
      path: '/user/withdrawals',
      tag: 'withdrawals',
      summary: 'The player’s withdrawals, newest first',
      auth: 'token',
      query: withdrawalListQuery,
      paginated: true,
    },

    // The colour game (spec 02 §7 "Guess games")
    {
      method: 'POST',
      path: '/win/add_user_guess',
      tag: 'win',
      summary: 'Place a bet on the open period of a colour room',
      auth: 'token',
      body: addUserGuessBody,
      idempotencyKey: true,
    },
    {
      method: 'GET',
      path: '/win/next_period_info',
      tag: 'win',
      summary: 'The next period, its countdown, the game notice and the player’s balance',
      auth: 'token',
    },
    {
      method: 'GET',
      path: '/win/next_period_info_noauth',
      tag: 'win',
      summary: 'A room’s next period, its countdown and today’s results, without logging in',
      auth: 'none',
      query: colourHistoryQuery,
    },
    {
      method: 'GET',
      path: '/win/guesses',
      tag: 'win',
      summary: 'A room’s settled periods (the record)',
      auth: 'token',
      query: colourListQuery,
      paginated: true,
    },
    {
      method: 'GET',
      path: '/win/my_guesses',
      tag: 'win',
      summary: 'The player’s bets in a room',
      auth: 'token',
      query: colourListQuery,
      paginated: true,
    },

    // Fairness (DESIGN.md §3 "Fairness")
    {
      method: 'GET',
      path: '/win/fairness',
      tag: 'fairness',
      summary: 'A settled round’s revealed seed, hash and chain position, to recompute its result',
      description: '404 for a period that is not settled yet or was never committed.',
      auth: 'none',
      query: colourFairnessQuery,
    },
    {
      method: 'GET',
      path: '/win/fairness/chains',
      tag: 'fairness',
      summary: 'The published hash-chain commitments of one room, or of every room',
      auth: 'none',
      query: colourChainsQuery,
    },

    // Operator API (DESIGN.md "Operator API and development endpoints")
    {
      method: 'GET',
      path: '/admin/api/recharges',
      tag: 'operator',
      summary: 'Manual UPI recharges awaiting confirmation',
      auth: 'operator',
      query: adminRechargeListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/admin/api/recharges/{sn}/confirm',
      tag: 'operator',
      summary: 'Confirm a manual UPI recharge: credits the wallet',
      auth: 'operator',
      params: adminRechargeParams,
      body: operatorReasonBody,
    },
    {
      method: 'POST',
      path: '/admin/api/recharges/{sn}/reject',
      tag: 'operator',
      summary: 'Reject a manual UPI recharge with a reason',
      auth: 'operator',
      params: adminRechargeParams,
      body: adminRejectBody,
    },
    {
      method: 'GET',
      path: '/admin/api/products',
      tag: 'operator',
      summary: 'Products as the operator sees them',
      auth: 'operator',
      query: adminProductListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/admin/api/products',
      tag: 'operator',
      summary: 'Create a product',
      auth: 'operator',
      body: adminCreateProductBody,
    },
    {
      method: 'GET',
      path: '/admin/api/products/{id}',
      tag: 'operator',
      summary: 'One product',
      auth: 'operator',
      params: adminProductParams,
    },
    {
      method: 'PUT',
      path: '/admin/api/products/{id}',
      tag: 'operator',
      summary: 'Change a product (the fields given)',
      auth: 'operator',
      params: adminProductParams,
      body: adminUpdateProductBody,
    },
    {
      method: 'GET',
      path: '/admin/api/orders',
      tag: 'operator',
      summary: 'Every player’s orders, optionally of one status',
      auth: 'operator',
      query: adminOrderListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/admin/api/orders/{id}/ship',
      tag: 'operator',
      summary: 'Mark an order shipped',
      auth: 'operator',
      params: adminOrderParams,
    },
    {
      method: 'POST',
      path: '/admin/api/orders/{id}/refund',
      tag: 'operator',
      summary:
        'Refund an order not yet shipped, with a reason: its price back to the wallet, its unit to stock',
      auth: 'operator',
      params: adminOrderParams,
      body: operatorReasonBody,
    },
    {
      method: 'GET',
      path: '/admin/api/withdrawals',
      tag: 'operator',
      summary: 'Withdrawals, pending by default',
      auth: 'operator',
      query: adminWithdrawalListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/admin/api/withdrawals/{id}/approve',
      tag: 'operator',
      summary:
        'Approve a withdrawal: starts the payout (above the four-eyes threshold, the second operator’s approval does)',
      auth: 'operator',
      params: adminWithdrawalParams,
      body: operatorReasonBody,
    },
    {
      method: 'POST',
      path: '/admin/api/withdrawals/{id}/mark_paid',
      tag: 'operator',
      summary: 'Record a withdrawal as paid by hand: posts the hold',
      auth: 'operator',
      params: adminWithdrawalParams,
      body: operatorReasonBody,
    },
    {
      method: 'POST',
      path: '/admin/api/withdrawals/{id}/reject',
      tag: 'operator',
      summary: 'Reject a withdrawal with a reason: voids the hold',
      auth: 'operator',
      params: adminWithdrawalParams,
      body: adminWithdrawalRejectBody,
    },
    {
      method: 'GET',
      path: '/admin/api/settings',
      tag: 'operator',
      summary: 'Every operator setting and its value',
      auth: 'operator',
    },
    {
      method: 'PUT',
      path: '/admin/api/settings/{key}',
      tag: 'operator',
      summary: 'Change one operator setting',
      auth: 'operator',
      params: settingParams,
      bodyDescription:
        'A JSON object {value}; the value’s type depends on the setting (apps/server/src/modules/settings/settings.definitions.ts). An unknown key answers 404.',
    },
    {
      method: 'GET',
      path: '/admin/api/users',
      tag: 'operator',
      summary: 'Accounts, newest first, with flags, referrer and balance; filter by mobile or user_id',
      auth: 'operator',
      query: operatorUserListQuery(market),
      paginated: true,
    },
    {
      method: 'GET',
      path: '/admin/api/users/{id}',
      tag: 'operator',
      summary: 'One account',
      auth: 'operator',
      params: operatorUserParams,
    },
    {
      method: 'PUT',
      path: '/admin/api/users/{id}/flags',
      tag: 'operator',
      summary: 'Grant or withdraw early access, transfers and the gift entry',
      auth: 'operator',
      params: operatorUserParams,
      body: operatorUserFlagsBody,
    },
    {
      method: 'GET',
      path: '/admin/api/colour/periods',
      tag: 'operator',
      summary: 'Settled colour periods with their bets, stake, fee, payout and house take',
      auth: 'operator',
      query: adminColourPeriodsQuery,
      paginated: true,
    },

    // The crash game (spec 02 §7 "Aviator"; DESIGN.md §3 "Crash game", "Live game sockets")
    {
      method: 'GET',
      path: '/aviator/user_records',
      tag: 'aviator',
      summary: 'The player’s crash-game bets, newest first, with result and cash-out multipliers',
      description: '403 without early access.',
      auth: 'token',
      query: aviatorUserRecordsQuery,
      paginated: true,
    },
    {
      method: 'GET',
      path: '/aviator/round_detail',
      tag: 'aviator',
      summary:
        'A finished round’s verification entity: server seed, the three player seeds, SHA-512, hex, decimal, result',
      description: '400 while the round has not ended, 404 for an unknown or refunded round.',
      auth: 'token',
      query: aviatorRoundDetailQuery,
    },
    {
      method: 'GET',
      path: '/ws/aviator',
      tag: 'aviator',
      summary: 'The crash game’s live socket (?token=): frames {cmd, data} with cmds 5002-5018',
      description:
        'A WebSocket; the token of Authorization goes in the query. A plain request answers 401 without a live token and 426 with one.',
      auth: 'token',
      rawAnswer: 'a WebSocket upgrade',
    },
    {
      method: 'GET',
      path: '/admin/api/aviator/rounds',
      tag: 'operator',
      summary: 'Finished crash-game rounds with their bets, stake, fee, payout and house take',
      auth: 'operator',
      query: paginationQuery,
      paginated: true,
    },

    // Lucky Hit (spec 02 §7 "Lucky Hit"; bets travel over the /ws/luckyhit socket, cmd 3015)
    {
      method: 'GET',
      path: '/luckyhit/user_records',
      tag: 'luckyhit',
      summary: 'The player’s Lucky Hit bets, newest first',
      description: '403 without early access.',
      auth: 'token',
      query: luckyHitUserRecordsQuery,
      paginated: true,
    },
    {
      method: 'GET',
      path: '/luckyhit/round_detail',
      tag: 'luckyhit',
      summary: 'A dealt round’s seed, client seeds, draws and cards, to re-deal it',
      description: '404 until the round is dealt; 403 without early access.',
      auth: 'token',
      query: luckyHitRoundDetailQuery,
    },
    {
      method: 'GET',
      path: '/ws/luckyhit',
      tag: 'luckyhit',
      summary: 'Lucky Hit’s live socket (?token=): frames {cmd, data} with cmds 3002-3016',
      description:
        'A WebSocket; the token of Authorization goes in the query. A plain request answers 401 without a live token and 426 with one.',
      auth: 'token',
      rawAnswer: 'a WebSocket upgrade',
    },
    {
      method: 'GET',
      path: '/admin/api/luckyhit/rounds',
      tag: 'operator',
      summary: 'Settled Lucky Hit rounds with their bets, stake, fee, payout and house take',
      auth: 'operator',
      query: adminLuckyHitRoundsQuery,
      paginated: true,
    },
    // Promotion (spec 02 §7 "Gift, suggestions, promotion"; DESIGN.md §6)
    {
      method: 'GET',
      path: '/user/my_promotion_info',
      tag: 'promotion',
      summary: 'The bonus (profit) and the referred players and bonus per level',
      auth: 'token',
    },
    {
      method: 'GET',
      path: '/user/profit_transactions',
      tag: 'promotion',
      summary: 'Bonus records of one level: P (share of settled fees) and BFFR (first recharge)',
      auth: 'token',
      query: promotionLevelQuery,
      paginated: true,
    },
    {
      method: 'GET',
      path: '/user/promotion_users',
      tag: 'promotion',
      summary: 'Players referred at one level: nick name, first recharge, time',
      auth: 'token',
      query: promotionLevelQuery,
      paginated: true,
    },
    {
      method: 'GET',
      path: '/user/profit_transfers',
      tag: 'promotion',
      summary: 'Applications of bonus to the balance',
      auth: 'token',
      query: profitTransferListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/user/add_profit_transfer',
      tag: 'promotion',
      summary: 'Apply bonus to the balance: Wait until an operator completes it (at once under a threshold)',
      auth: 'token',
      body: addProfitTransferBody,
    },
    {
      method: 'GET',
      path: '/admin/api/profit-transfers',
      tag: 'operator',
      summary: 'Profit transfers, waiting ones by default',
      auth: 'operator',
      query: adminProfitTransferListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/admin/api/profit-transfers/{id}/complete',
      tag: 'operator',
      summary: 'Complete a profit transfer: the bonus goes to the wallet (GUP) and adds to needs_bet',
      auth: 'operator',
      params: adminProfitTransferParams,
    },
    {
      method: 'POST',
      path: '/admin/api/profit-transfers/{id}/refuse',
      tag: 'operator',
      summary: 'Refuse a profit transfer: the bonus goes back',
      auth: 'operator',
      params: adminProfitTransferParams,
      body: adminProfitTransferRefuseBody,
    },

    // Gift codes and gift events (spec 01 §7, spec 02 §7; DESIGN.md §6)
    {
      method: 'POST',
      path: '/mana/receive_red_packet',
      tag: 'gifts',
      summary: 'Claim one packet of a gift code with the account’s own mobile number (RP)',
      auth: 'token',
      body: receiveRedPacketBody,
    },
    {
      method: 'GET',
      path: '/user/gift_events',
      tag: 'gifts',
      summary:
        'Today’s three gift rounds (market time zone) with their limit, requirements and state, and the server time',
      auth: 'token',
    },
    {
      method: 'POST',
      path: '/user/join_gift_event',
      tag: 'gifts',
      summary: 'Open an open round’s gift once: a random amount from what remains of its pool (REG)',
      auth: 'token',
      body: joinGiftEventBody,
    },
    {
      method: 'POST',
      path: '/admin/api/gift-codes',
      tag: 'operator',
      summary: 'Issue a gift code: total, packet count, fixed or random split, minimum, expiry, conditions',
      auth: 'operator',
      body: adminCreateGiftCodeBody,
    },
    {
      method: 'GET',
      path: '/admin/api/gift-codes',
      tag: 'operator',
      summary: 'Gift codes, newest first, with what was claimed',
      auth: 'operator',
      query: adminGiftCodeListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/admin/api/gift-codes/{id}/disable',
      tag: 'operator',
      summary: 'Disable a gift code',
      auth: 'operator',
      params: adminGiftCodeParams,
    },
    {
      method: 'GET',
      path: '/admin/api/gift-codes/{id}/claims',
      tag: 'operator',
      summary: 'The claims of a gift code',
      auth: 'operator',
      params: adminGiftCodeParams,
      query: paginationQuery,
      paginated: true,
    },
    {
      method: 'GET',
      path: '/admin/api/gift-events',
      tag: 'operator',
      summary:
        'Report of each gift round: pool, paid, remaining, openers; pools, limits and requirements are settings',
      auth: 'operator',
      query: adminGiftEventListQuery,
      paginated: true,
    },

    // Operator money controls (DESIGN.md §2): maker-checker requests and alerts
    {
      method: 'GET',
      path: '/admin/api/approvals',
      tag: 'operator',
      summary:
        'Requests waiting for a second operator (oldest first), or the decided ones; may_decide says whether the caller may approve',
      auth: 'operator',
      query: approvalListQuery,
      paginated: true,
    },
    {
      method: 'GET',
      path: '/admin/api/approvals/{id}',
      tag: 'operator',
      summary: 'One approval request',
      auth: 'operator',
      params: approvalParams,
    },
    {
      method: 'POST',
      path: '/admin/api/approvals/{id}/approve',
      tag: 'operator',
      summary:
        'Approve a request (never the operator who asked, never the automation token); the action is done in the same transaction',
      auth: 'operator',
      params: approvalParams,
      body: operatorReasonBody,
    },
    {
      method: 'POST',
      path: '/admin/api/approvals/{id}/refuse',
      tag: 'operator',
      summary: 'Refuse a request; nothing is done',
      auth: 'operator',
      params: approvalParams,
      body: operatorReasonBody,
    },
    {
      method: 'POST',
      path: '/admin/api/approvals/{id}/cancel',
      tag: 'operator',
      summary: 'Withdraw one’s own request',
      auth: 'operator',
      params: approvalParams,
      body: operatorReasonBody,
    },
    {
      method: 'GET',
      path: '/admin/api/alerts',
      tag: 'operator',
      summary:
        'Alerts of the money controls (provider caps hit, large gift codes, voided rounds), newest first',
      auth: 'operator',
      query: alertListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/admin/api/alerts/{id}/acknowledge',
      tag: 'operator',
      summary: 'Acknowledge an alert with a note',
      auth: 'operator',
      params: alertParams,
      body: operatorReasonBody,
    },
    {
      method: 'POST',
      path: '/admin/api/users/{id}/adjustments',
      tag: 'operator',
      summary:
        'Ask for a hand recharge (HRE, credit) or a recharge cancel (HREC, debit) of a player: done when a second operator approves',
      auth: 'operator',
      params: operatorUserParams,
      body: playerAdjustmentBody,
    },

    // Support tickets (spec 02 §7; DESIGN.md §6)
    {
      method: 'GET',
      path: '/user/suggestions',
      tag: 'suggestions',
      summary: 'The player’s tickets, Wait or Completed, with the operator’s reply',
      auth: 'token',
      query: suggestionListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/user/add_suggestion',
      tag: 'suggestions',
      summary:
        'Open a ticket (types S, C, RP, WP, PP, GRP, O); out_id names one of the player’s recharges or withdrawals',
      auth: 'token',
      body: addSuggestionBody,
    },
    {
      method: 'GET',
      path: '/admin/api/suggestions',
      tag: 'operator',
      summary: 'Tickets, waiting ones by default',
      auth: 'operator',
      query: adminSuggestionListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/admin/api/suggestions/{id}/reply',
      tag: 'operator',
      summary: 'Reply to a ticket: it becomes Completed and the player sees the reply',
      auth: 'operator',
      params: adminSuggestionParams,
      body: adminSuggestionReplyBody,
    },
    {
      method: 'POST',
      path: '/admin/api/suggestions/{id}/close',
      tag: 'operator',
      summary: 'Close a ticket without a reply',
      auth: 'operator',
      params: adminSuggestionParams,
    },

    // Game launcher and the seamless wallet (spec 02 §7 "Transfer and launcher"; DESIGN.md §3)
    {
      method: 'GET',
      path: '/exg/owngame_start_game',
      tag: 'launcher',
      summary: 'A one-time launch URL of a game of the home list, to open in a frame (early-access players)',
      auth: 'token',
      query: startGameQuery,
    },
    {
      method: 'POST',
      path: '/seamless/{provider}/open',
      tag: 'seamless-wallet',
      summary:
        'Provider: exchange the one-time launch token for a session; answers player, nick name and balance',
      description: SEAMLESS_CALL_DESCRIPTION,
      auth: 'none',
      params: seamlessProviderParams,
      body: seamlessOpenBody,
    },
    {
      method: 'POST',
      path: '/seamless/{provider}/balance',
      tag: 'seamless-wallet',
      summary: 'Provider: the player’s balance in minor units',
      description: SEAMLESS_CALL_DESCRIPTION,
      auth: 'none',
      params: seamlessProviderParams,
      body: seamlessBalanceBody,
    },
    {
      method: 'POST',
      path: '/seamless/{provider}/debit',
      tag: 'seamless-wallet',
      summary: 'Provider: take a stake from the wallet (EXGB); above the balance answers 400',
      description: SEAMLESS_CALL_DESCRIPTION,
      auth: 'none',
      params: seamlessProviderParams,
      body: seamlessDebitBody,
    },
    {
      method: 'POST',
      path: '/seamless/{provider}/credit',
      tag: 'seamless-wallet',
      summary: 'Provider: pay a win into the wallet (EXGW)',
      description: SEAMLESS_CALL_DESCRIPTION,
      auth: 'none',
      params: seamlessProviderParams,
      body: seamlessCreditBody,
    },
    {
      method: 'POST',
      path: '/seamless/{provider}/rollback',
      tag: 'seamless-wallet',
      summary:
        'Provider: give a debit back (EXGR), at most once; an unknown transaction answers status not_found',
      description: SEAMLESS_CALL_DESCRIPTION,
      auth: 'none',
      params: seamlessProviderParams,
      body: seamlessRollbackBody,
    },
    {
      method: 'GET',
      path: '/admin/api/game-providers',
      tag: 'operator',
      summary: 'Registered game providers (without their secrets)',
      auth: 'operator',
    },
    {
      method: 'POST',
      path: '/admin/api/game-providers',
      tag: 'operator',
      summary:
        'Register a game provider or change one (by id, else by key): name, HMAC secret, launch URL, caps',
      description:
        'A new provider, or a change of its key, secret or launch URL or a raised cap, answers 202 with an approval request (kind game_provider.save, approved by finance or owner; reason required); the name alone or lowered caps apply at once (200). The key demo is reserved.',
      auth: 'operator',
      body: adminProviderBody,
    },
    {
      method: 'GET',
      path: '/admin/api/games',
      tag: 'operator',
      summary: 'The games of the home list with their providers',
      auth: 'operator',
      query: adminGameListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/admin/api/games',
      tag: 'operator',
      summary: 'Add a provider’s game to the home list',
      auth: 'operator',
      body: adminGameBody,
    },
    {
      method: 'PUT',
      path: '/admin/api/games/{id}/enabled',
      tag: 'operator',
      summary: 'Show or hide a game of the home list',
      auth: 'operator',
      params: adminGameParams,
      body: adminGameEnabledBody,
    },
    {
      method: 'GET',
      path: '/demo-provider/dice',
      tag: 'demo-provider',
      summary: 'The built-in demo provider’s provably-fair dice game page (framable by this origin only)',
      auth: 'none',
      rawAnswer: 'An HTML page.',
    },
    {
      method: 'GET',
      path: '/demo-provider/dice.js',
      tag: 'demo-provider',
      summary: 'The dice page’s script',
      auth: 'none',
      rawAnswer: 'JavaScript.',
    },
    {
      method: 'GET',
      path: '/demo-provider/dice.css',
      tag: 'demo-provider',
      summary: 'The dice page’s style',
      auth: 'none',
      rawAnswer: 'CSS.',
    },
    {
      method: 'GET',
      path: '/demo-provider/dice.svg',
      tag: 'demo-provider',
      summary: 'The dice game’s icon on the home list',
      auth: 'none',
      rawAnswer: 'An SVG image.',
    },
    {
      method: 'POST',
      path: '/demo-provider/api/open',
      tag: 'demo-provider',
      summary:
        'Demo provider: open a dice session with a launch token (it calls our seamless wallet over HTTP)',
      auth: 'none',
      body: demoOpenBody,
    },
    {
      method: 'POST',
      path: '/demo-provider/api/roll',
      tag: 'demo-provider',
      summary: 'Demo provider: one roll under the target (debit, provably-fair roll, credit of a win)',
      auth: 'none',
      body: demoRollBody,
    },
    {
      method: 'POST',
      path: '/demo-provider/api/balance',
      tag: 'demo-provider',
      summary: 'Demo provider: the player’s balance from our wallet',
      auth: 'none',
      body: demoSessionBody,
    },
    {
      method: 'POST',
      path: '/demo-provider/api/reveal',
      tag: 'demo-provider',
      summary: 'Demo provider: reveal the session’s server seed and commit to a new one',
      auth: 'none',
      body: demoSessionBody,
    },
    // Operator console: accounts, TOTP, sessions and the audit log (issue 18)
    {
      method: 'POST',
      path: '/admin/api/auth/login',
      tag: 'operator',
      summary: 'Operator login: password and TOTP code; without TOTP yet, answers the enrolment QR code',
      auth: 'none',
      body: operatorLoginBody,
    },
    {
      method: 'POST',
      path: '/admin/api/auth/enrol',
      tag: 'operator',
      summary: 'Finish TOTP enrolment with a code from the new secret; answers a console session',
      auth: 'none',
      body: operatorEnrolBody,
    },
    {
      method: 'GET',
      path: '/admin/api/auth/me',
      tag: 'operator',
      summary: 'The calling operator and role',
      auth: 'operator',
    },
    {
      method: 'POST',
      path: '/admin/api/auth/logout',
      tag: 'operator',
      summary: 'End the calling console session',
      auth: 'operator',
    },
    {
      method: 'GET',
      path: '/admin/api/operators',
      tag: 'operator',
      summary: 'Operator accounts (owner)',
      auth: 'operator',
      query: operatorListQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/admin/api/operators',
      tag: 'operator',
      summary: 'Create an operator account (owner); TOTP is enrolled at its first login',
      auth: 'operator',
      body: createOperatorBody,
    },
    {
      method: 'PUT',
      path: '/admin/api/operators/{id}',
      tag: 'operator',
      summary: 'Change an operator’s role, disable it, set its password or reset its TOTP (owner)',
      auth: 'operator',
      params: operatorIdParams,
      body: updateOperatorBody,
    },
    {
      method: 'GET',
      path: '/admin/api/operators/sessions',
      tag: 'operator',
      summary: 'Live console sessions (owner)',
      auth: 'operator',
    },
    {
      method: 'POST',
      path: '/admin/api/operators/sessions/{id}/revoke',
      tag: 'operator',
      summary: 'End another operator’s console session (owner)',
      auth: 'operator',
      params: operatorSessionParams,
    },
    {
      method: 'GET',
      path: '/admin/api/audit',
      tag: 'operator',
      summary: 'Search the audit log: who did what, before and after',
      auth: 'operator',
      query: auditLogQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/admin/api/users/{id}/suspend',
      tag: 'operator',
      summary: 'Suspend an account with a reason: its sessions end and it cannot log in',
      auth: 'operator',
      params: operatorUserParams,
      body: operatorReasonBody,
    },
    {
      method: 'POST',
      path: '/admin/api/users/{id}/unsuspend',
      tag: 'operator',
      summary: 'Lift an account’s suspension, with a reason',
      auth: 'operator',
      params: operatorUserParams,
      body: operatorReasonBody,
    },
    {
      method: 'GET',
      path: '/admin/api/users/{id}/records',
      tag: 'operator',
      summary:
        'One kind of a player’s records: ledger, colour_bets, recharges, withdrawals, bank_cards (masked), sessions, referrals',
      auth: 'operator',
      params: operatorUserParams,
      query: playerRecordsQuery,
      paginated: true,
    },
    {
      method: 'POST',
      path: '/admin/api/users/{id}/sessions/{session_id}/revoke',
      tag: 'operator',
      summary: 'End one of a player’s login sessions',
      auth: 'operator',
      params: playerSessionParams,
    },
    {
      method: 'GET',
      path: '/admin/api/dashboard',
      tag: 'operator',
      summary:
        'Deposits, withdrawals, net gaming revenue per game and active players per day; queues; ledger health',
      auth: 'operator',
      query: dashboardQuery,
    },
    {
      method: 'GET',
      path: '/admin/api/queues',
      tag: 'operator',
      summary: 'How many items wait in each operator queue, and since when',
      auth: 'operator',
    },
    {
      method: 'POST',
      path: '/admin/api/ledger/check',
      tag: 'operator',
      summary: 'Run every ledger invariant check now and store the result',
      auth: 'operator',
    },
    {
      method: 'GET',
      path: '/admin/api/payment-channels',
      tag: 'operator',
      summary: 'Every payment channel with its shown settings; of each gateway key only {set, last4}',
      auth: 'operator',
    },
    {
      method: 'PUT',
      path: '/admin/api/payment-channels/{id}',
      tag: 'operator',
      summary:
        'Change a payment channel: name, switch, order, bounds, presets, shown settings; set or replace keys',
      description:
        'settings and secrets are checked against the channel adapter (400 naming settings.<name> or secrets.<name>); keys are never answered and audited only as set/replaced.',
      auth: 'operator',
      params: adminChannelParams,
      body: adminPaymentChannelUpdateBody,
    },
    {
      method: 'GET',
      path: '/admin/api/withdrawal-channels',
      tag: 'operator',
      summary: 'Every withdrawal (payout) channel',
      auth: 'operator',
    },
    {
      method: 'PUT',
      path: '/admin/api/withdrawal-channels/{id}',
      tag: 'operator',
      summary: 'Rename, reorder or switch a payout channel',
      auth: 'operator',
      params: adminChannelParams,
      body: adminWithdrawalChannelUpdateBody,
    },
    {
      method: 'GET',
      path: '/admin/api/content',
      tag: 'operator',
      summary: 'Home banners, the home and colour notices and the support contacts',
      auth: 'operator',
    },
    {
      method: 'PUT',
      path: '/admin/api/content/banners',
      tag: 'operator',
      summary: 'Replace the home carousel images (in order, at most five)',
      auth: 'operator',
      body: adminBannersBody,
    },
    {
      method: 'PUT',
      path: '/admin/api/content/notices',
      tag: 'operator',
      summary: 'Set the home notice and the colour game notice',
      auth: 'operator',
      body: adminNoticesBody,
    },
    {
      method: 'PUT',
      path: '/admin/api/content/support-contacts',
      tag: 'operator',
      summary: 'Replace the support contacts of Mine (each value checked for its type)',
      auth: 'operator',
      body: adminSupportContactsBody,
    },
    {
      method: 'POST',
      path: '/admin/api/media',
      tag: 'operator',
      summary: 'Upload a PNG, JPEG or WebP image (base64, at most 1 MB); answers its /media/uploads/ address',
      auth: 'operator',
      body: adminMediaUploadBody,
    },
    {
      method: 'GET',
      path: '/media/uploads/{name}',
      tag: 'shop',
      summary: 'An uploaded image, by the name its upload answered',
      auth: 'none',
      params: mediaUploadParams,
      rawAnswer: 'The image bytes with their content type, cached for a year (the name is the content hash).',
    },
  ];
}

/** `/admin/api/orders/{id}/ship` → `/admin/api/orders/:id/ship` (the server's route pattern). */
export function toRoutePattern(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** The names of a path's `{param}`s, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
}
