import { describe, expect, it } from 'vitest';
import { APP_ROUTES, hasRoute } from '../app/routing/route-registry.ts';
import type { Profile } from '../features/profile/api/profile.api.ts';
import { PROFILE_MENU, visibleProfileMenu } from '../features/profile/rules/profile-menu.rule.ts';

const SHOP_PATHS = ['/search', '/item', '/buy', '/orderList', '/addressList', '/editAddress'];

const PROFILE: Profile = {
  userId: 1,
  mobile: '+919876543210',
  nickName: 'Asha',
  balance: '0.00',
  referralCode: 'AB12CD',
  isEarly: false,
  transferEnabled: false,
  eventGiftEnabled: false,
  promotionUrl: '',
  supports: [],
  androidAppPrefix: '',
};

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
