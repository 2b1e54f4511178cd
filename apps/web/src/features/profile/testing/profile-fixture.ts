import type { Profile } from '../api/profile.api.ts';

/** A signed-in player's profile as the app holds it, for tests; `overrides` change single fields. */
export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  return {
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
    ...overrides,
  };
}
