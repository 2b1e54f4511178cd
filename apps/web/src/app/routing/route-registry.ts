import { AppOutline, UserOutline } from 'antd-mobile-icons';
import type { ComponentType } from 'react';

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

/** One screen of the app, loaded on demand so the first load only carries the screen it shows. */
export interface AppRouteDefinition {
  /** The hash route, as in spec 01 §2 and spec 02 §2. */
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /** Present when the screen has a bottom tab; the tab then shows by itself. */
  tab?: BottomTabDefinition;
}

/**
 * Every screen that exists. A feature adds its screen here with one entry, including its bottom tab if it
 * has one (Win, Aviator, Lucky Hit and Mine arrive with their screens). Screens not built yet are absent,
 * so their tabs are too.
 */
export const APP_ROUTES: readonly AppRouteDefinition[] = [
  {
    path: '/',
    load: () => import('../../routes/home.route.tsx'),
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
];

const REGISTERED_PATHS: ReadonlySet<string> = new Set(APP_ROUTES.map((route) => route.path));

/** Whether a screen exists for the path; menus use it to list only screens that exist. */
export function hasRoute(path: string): boolean {
  return REGISTERED_PATHS.has(path);
}
