import { describe, expect, it } from 'vitest';
import { showsBottomMenu, visibleTabs } from './bottom-tabs.ts';
import {
  APP_ROUTES,
  type AppRouteDefinition,
  type BottomTabDefinition,
  hasRoute,
  TAB_ORDER,
} from './route-registry.ts';

const Icon = () => null;
const load = async () => ({ default: Icon });

function route(path: string, tab?: Omit<BottomTabDefinition, 'icon'>): AppRouteDefinition {
  return { path, load, tab: tab && { ...tab, icon: Icon } };
}

/** All five tabs of the spec, registered out of order, plus a screen without a tab. */
const ALL_SCREENS = [
  route('/mine', { titleKey: 'nav.mine', order: TAB_ORDER.mine, earlyOnly: false }),
  route('/luckyhit', { titleKey: 'nav.luckyHit', order: TAB_ORDER.luckyHit, earlyOnly: true }),
  route('/', { titleKey: 'nav.games', order: TAB_ORDER.games, earlyOnly: false }),
  route('/item'),
  route('/aviator', { titleKey: 'nav.aviator', order: TAB_ORDER.aviator, earlyOnly: true }),
  route('/win', { titleKey: 'nav.win', order: TAB_ORDER.win, earlyOnly: true }),
];

const paths = (tabs: { path: string }[]) => tabs.map((tab) => tab.path);

describe('visibleTabs', () => {
  it('shows every tab in the spec order to an early-access player', () => {
    expect(paths(visibleTabs(ALL_SCREENS, true))).toEqual(['/', '/win', '/aviator', '/luckyhit', '/mine']);
  });

  it('hides Win, Aviator and Lucky Hit without the early flag', () => {
    expect(paths(visibleTabs(ALL_SCREENS, false))).toEqual(['/', '/mine']);
  });

  it('shows only the tabs of registered screens: Games, Win, Aviator and Lucky Hit (early access only) and Mine', () => {
    expect(paths(visibleTabs(APP_ROUTES, true))).toEqual(['/', '/win', '/aviator', '/luckyhit', '/mine']);
    expect(paths(visibleTabs(APP_ROUTES, false))).toEqual(['/', '/mine']);
  });
});

describe('hasRoute', () => {
  it('knows the registered screens only', () => {
    expect(hasRoute('/mine')).toBe(true);
    expect(hasRoute('/privacyPolicy')).toBe(true);
    expect(hasRoute('/no-such-screen')).toBe(false);
  });
});

describe('showsBottomMenu', () => {
  it('hides the menu on the colour histories and the payment page only', () => {
    for (const path of ['/parity', '/sapre', '/bcone', '/emerd', '/rechargePayment']) {
      expect(showsBottomMenu(path), path).toBe(false);
    }
    expect(showsBottomMenu('/')).toBe(true);
    expect(showsBottomMenu('/item')).toBe(true);
  });
});
