import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { showsBottomMenu } from '../app/routing/bottom-tabs.ts';
import { APP_ROUTES, hasRoute } from '../app/routing/route-registry.ts';
import { PROFILE_MENU, visibleProfileMenu } from '../features/profile/rules/profile-menu.rule.ts';
import { profileFixture } from '../features/profile/testing/profile-fixture.ts';

const PATHS = ['/bankCardList', '/editBankCard', '/withdrawal', '/withdrawalRecord'];

const PROFILE = profileFixture();

describe('bank card and withdrawal routes', () => {
  it('registers each screen once, lazily, without a bottom tab, with the bottom menu shown', async () => {
    for (const path of PATHS) {
      const routes = APP_ROUTES.filter((route) => route.path === path);
      expect(routes, path).toHaveLength(1);
      expect(routes[0]?.tab).toBeUndefined();
      expect(showsBottomMenu(path)).toBe(true);
      const module = await routes[0]?.load();
      expect(typeof module?.default, path).toBe('function');
    }
  });

  it("opens the card editor at spec 02's /editBankcard as well as spec 01's /editBankCard", () => {
    const routes = APP_ROUTES.map((route) => ({ path: route.path }));
    for (const pathname of ['/editBankCard', '/editBankcard']) {
      expect(matchRoutes(routes, pathname)?.map((match) => match.route.path)).toEqual(['/editBankCard']);
    }
  });

  it('puts withdrawal in the wallet group and bank cards in the profile menu', () => {
    const groups = visibleProfileMenu(PROFILE_MENU, PROFILE, hasRoute);
    const wallet = groups.find((group) => group.heading === 'wallet')?.entries.map((entry) => entry.path);
    expect(wallet).toContain('/withdrawal');
    const entries = groups.flatMap((group) => group.entries);
    expect(entries.find((entry) => entry.key === 'bankCards')?.path).toBe('/bankCardList');
  });
});
