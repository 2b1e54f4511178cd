import { describe, expect, it } from 'vitest';
import { showsBottomMenu } from '../../app/routing/bottom-tabs.ts';
import { APP_ROUTES, hasRoute } from '../../app/routing/route-registry.ts';
import { PROFILE_MENU, visibleProfileMenu } from '../profile/rules/profile-menu.rule.ts';
import { profileFixture } from '../profile/testing/profile-fixture.ts';

const WALLET_PATHS = [
  '/recharge',
  '/rechargeRecord',
  '/transactionList',
  '/transferPayment',
  '/rechargePayment',
  '/transfer',
];

function entryPaths(transferEnabled: boolean): string[] {
  return visibleProfileMenu(PROFILE_MENU, profileFixture({ transferEnabled }), hasRoute).flatMap((group) =>
    group.entries.map((entry) => entry.path),
  );
}

describe('wallet screens in the shell', () => {
  it('registers every wallet screen once, without a bottom tab', () => {
    for (const path of WALLET_PATHS) {
      expect(hasRoute(path), path).toBe(true);
      const routes = APP_ROUTES.filter((route) => route.path === path);
      expect(routes).toHaveLength(1);
      expect(routes[0]?.tab).toBeUndefined();
    }
  });

  it('hides the bottom menu on the payment page only', () => {
    expect(showsBottomMenu('/rechargePayment')).toBe(false);
    for (const path of WALLET_PATHS.filter((candidate) => candidate !== '/rechargePayment')) {
      expect(showsBottomMenu(path), path).toBe(true);
    }
  });

  it('lists recharge and transactions in the profile menu, and transfer only with is_transfer_enable', () => {
    expect(entryPaths(false)).toEqual(expect.arrayContaining(['/recharge', '/transactionList']));
    expect(entryPaths(false)).not.toContain('/transfer');
    expect(entryPaths(true)).toContain('/transfer');
  });
});
