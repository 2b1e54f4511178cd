import { describe, expect, it } from 'vitest';
import { APP_ROUTES, hasRoute } from '../app/routing/route-registry.ts';
import { PROFILE_MENU, visibleProfileMenu } from '../features/profile/rules/profile-menu.rule.ts';
import { profileFixture } from '../features/profile/testing/profile-fixture.ts';

const SHOP_PATHS = ['/search', '/item', '/buy', '/orderList', '/addressList', '/editAddress'];

const PROFILE = profileFixture();

describe('shop routes', () => {
  it('registers the shop screens of spec 01 §2, each loading a screen component', async () => {
    for (const path of SHOP_PATHS) {
      expect(hasRoute(path), path).toBe(true);
      const route = APP_ROUTES.find((candidate) => candidate.path === path);
      const module = await route?.load();
      expect(typeof module?.default, path).toBe('function');
    }
  });

  it('puts My orders and Delivery addresses in the profile menu', () => {
    const entries = visibleProfileMenu(PROFILE_MENU, PROFILE, hasRoute).flatMap((group) => group.entries);
    expect(entries.find((entry) => entry.key === 'orders')?.path).toBe('/orderList');
    expect(entries.find((entry) => entry.key === 'addresses')?.path).toBe('/addressList');
  });
});
