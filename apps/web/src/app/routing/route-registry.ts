import type { QueryClient } from '@tanstack/react-query';
import { AppOutline, FireFill, GiftOutline, SendOutline, UserOutline } from 'antd-mobile-icons';
import type { ComponentType } from 'react';
// A namespace import: through an import cycle (a home screen part that imports this registry) the module's
// bindings are read when a route renders, not when this file is evaluated.
import * as homeScreen from '../../routes/home.route.tsx';

/** The bottom navigation's labels (spec 01 §2). */
export type BottomTabTitleKey = 'nav.games' | 'nav.win' | 'nav.aviator' | 'nav.luckyHit' | 'nav.mine';

/** Places in the bottom navigation, in the spec's order: Games, Win, Aviator, Lucky Hit, Mine. */
export const TAB_ORDER = { games: 1, win: 2, aviator: 3, luckyHit: 4, mine: 5 } as const;

export interface BottomTabDefinition {
  titleKey: BottomTabTitleKey;
  /** An antd-mobile-icons icon; suggested: FireFill (Win), SendOutline (Aviator), GiftOutline (Lucky Hit), UserOutline (Mine). */
  icon: ComponentType;
  order: (typeof TAB_ORDER)[keyof typeof TAB_ORDER];
  /** Game tabs are only for early-access players (spec 01 §2 and §6). */
  earlyOnly: boolean;
}

/** A screen's module: the component, and optionally the calls to start while the app boots. */
export interface ScreenModule {
  default: ComponentType;
  prefetch?: (queryClient: QueryClient) => void;
}

/** One screen of the app, loaded on demand so the first load only carries the screen it shows. */
export interface AppRouteDefinition {
  /** The hash route, as in spec 01 §2 and spec 02 §2. */
  path: string;
  /** The screen's module. */
  load: () => Promise<ScreenModule>;
  /** Present when the screen has a bottom tab; the tab then shows by itself. */
  tab?: BottomTabDefinition;
  /**
   * The home screen only: its module, bundled with the app's entry and rendered without a lazy load, and its
   * texts in the first load (`en-core.ts`). Every other screen's code and texts load when it is opened.
   */
  inFirstLoad?: ScreenModule;
}

/** The four colour history screens are one screen that reads its category from the path (spec 02 §2). */
const loadColourHistory = () => import('../../routes/colour-history.route.tsx');

/**
 * Every screen that exists. A feature adds its screen here with one entry, including its bottom tab if it
 * has one (Win, Aviator, Lucky Hit and Mine arrive with their screens). Screens not built yet are absent,
 * so their tabs are too.
 */
export const APP_ROUTES: readonly AppRouteDefinition[] = [
  {
    // The home screen is in the entry: most visits start there, and as a lazy chunk it ended a chain of
    // requests (entry, then the screen and two dozen shared chunks, then its data) that held back the first
    // screen's largest paint (bench/README.md, Lighthouse).
    path: '/',
    load: () => Promise.resolve(homeScreen),
    inFirstLoad: homeScreen,
    tab: { titleKey: 'nav.games', icon: AppOutline, order: TAB_ORDER.games, earlyOnly: false },
  },
  { path: '/login', load: () => import('../../routes/login.route.tsx') },
  { path: '/register', load: () => import('../../routes/register.route.tsx') },
  { path: '/resetPassword', load: () => import('../../routes/reset-password.route.tsx') },
  {
    path: '/mine',
    load: () => import('../../routes/mine.route.tsx'),
    tab: { titleKey: 'nav.mine', icon: UserOutline, order: TAB_ORDER.mine, earlyOnly: false },
  },
  { path: '/privacyPolicy', load: () => import('../../routes/privacy-policy.route.tsx') },
  { path: '/riskAgreement', load: () => import('../../routes/risk-agreement.route.tsx') },
  { path: '/search', load: () => import('../../routes/search.route.tsx') },
  { path: '/item', load: () => import('../../routes/item.route.tsx') },
  { path: '/buy', load: () => import('../../routes/buy.route.tsx') },
  { path: '/orderList', load: () => import('../../routes/order-list.route.tsx') },
  { path: '/addressList', load: () => import('../../routes/address-list.route.tsx') },
  { path: '/editAddress', load: () => import('../../routes/edit-address.route.tsx') },
  { path: '/recharge', load: () => import('../../routes/recharge.route.tsx') },
  { path: '/rechargeRecord', load: () => import('../../routes/recharge-record.route.tsx') },
  { path: '/transactionList', load: () => import('../../routes/transaction-list.route.tsx') },
  { path: '/transferPayment', load: () => import('../../routes/transfer-payment.route.tsx') },
  { path: '/rechargePayment', load: () => import('../../routes/recharge-payment.route.tsx') },
  { path: '/transfer', load: () => import('../../routes/transfer.route.tsx') },
  {
    path: '/win',
    load: () => import('../../routes/win.route.tsx'),
    tab: { titleKey: 'nav.win', icon: FireFill, order: TAB_ORDER.win, earlyOnly: true },
  },
  {
    path: '/aviator',
    load: () => import('../../routes/aviator.route.tsx'),
    tab: { titleKey: 'nav.aviator', icon: SendOutline, order: TAB_ORDER.aviator, earlyOnly: true },
  },
  {
    path: '/luckyhit',
    load: () => import('../../routes/luckyhit.route.tsx'),
    tab: { titleKey: 'nav.luckyHit', icon: GiftOutline, order: TAB_ORDER.luckyHit, earlyOnly: true },
  },
  { path: '/parity', load: loadColourHistory },
  { path: '/sapre', load: loadColourHistory },
  { path: '/bcone', load: loadColourHistory },
  { path: '/emerd', load: loadColourHistory },
  { path: '/guessRecord', load: () => import('../../routes/guess-record.route.tsx') },
  { path: '/myGuessRecord', load: () => import('../../routes/my-guess-record.route.tsx') },
  { path: '/bankCardList', load: () => import('../../routes/bank-card-list.route.tsx') },
  // Routes match without regard to case, so spec 02's /editBankcard opens this screen too.
  { path: '/editBankCard', load: () => import('../../routes/edit-bank-card.route.tsx') },
  { path: '/withdrawal', load: () => import('../../routes/withdrawal.route.tsx') },
  { path: '/withdrawalRecord', load: () => import('../../routes/withdrawal-record.route.tsx') },
  { path: '/promotion', load: () => import('../../routes/promotion.route.tsx') },
  { path: '/bonusRecord', load: () => import('../../routes/bonus-record.route.tsx') },
  { path: '/promotionRecord', load: () => import('../../routes/promotion-record.route.tsx') },
  { path: '/applyToBalanceRecord', load: () => import('../../routes/apply-to-balance-record.route.tsx') },
  { path: '/rp', load: () => import('../../routes/gift-code.route.tsx') },
  { path: '/giftEvent', load: () => import('../../routes/gift-event.route.tsx') },
  { path: '/suggestionList', load: () => import('../../routes/suggestion-list.route.tsx') },
  { path: '/addSuggestion', load: () => import('../../routes/add-suggestion.route.tsx') },
  { path: '/moreGame', load: () => import('../../routes/more-game.route.tsx') },
];

const REGISTERED_PATHS: ReadonlySet<string> = new Set(APP_ROUTES.map((route) => route.path));

/** Whether a screen exists for the path; menus use it to list only screens that exist. */
export function hasRoute(path: string): boolean {
  return REGISTERED_PATHS.has(path);
}
