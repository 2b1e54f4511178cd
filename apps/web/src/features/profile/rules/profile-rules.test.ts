import { describe, expect, it } from 'vitest';
import type { Profile } from '../api/profile.api.ts';
import { profileFixture } from '../testing/profile-fixture.ts';
import { appDownloadUrl, showsDownloadBar } from './app-download.rule.ts';
import { PROFILE_MENU, visibleProfileMenu } from './profile-menu.rule.ts';

const PROFILE = profileFixture({ userId: 7, isEarly: true });

const keys = (groups: ReturnType<typeof visibleProfileMenu>) =>
  groups.map((group) => [group.heading ?? '-', group.entries.map((entry) => entry.key)]);

describe('visibleProfileMenu', () => {
  it('lists only the entries whose screen exists, dropping empty groups', () => {
    const screens = new Set(['/resetPassword', '/privacyPolicy', '/riskAgreement']);
    expect(keys(visibleProfileMenu(PROFILE_MENU, PROFILE, (path) => screens.has(path)))).toEqual([
      ['-', ['accountSecurity']],
      ['about', ['privacyPolicy', 'riskAgreement']],
    ]);
  });

  it('shows transfer and gift events only with their flags', () => {
    const all = () => true;
    const firstGroup = (profile: Profile) =>
      visibleProfileMenu(PROFILE_MENU, profile, all)[0]?.entries.map((e) => e.key);
    expect(firstGroup(PROFILE)).toEqual(['orders', 'promotion', 'giftCode']);
    expect(firstGroup({ ...PROFILE, transferEnabled: true, eventGiftEnabled: true })).toEqual([
      'transfer',
      'orders',
      'promotion',
      'giftEvent',
      'giftCode',
    ]);
  });

  it('keeps the spec order of the wallet group once its screens exist', () => {
    const groups = visibleProfileMenu(PROFILE_MENU, PROFILE, () => true);
    expect(groups.find((group) => group.heading === 'wallet')?.entries.map((entry) => entry.key)).toEqual([
      'recharge',
      'withdrawal',
      'transactions',
    ]);
  });
});

describe('app download', () => {
  it('appends the version and the package extension to the prefix', () => {
    expect(appDownloadUrl('https://cdn.example/app/gold-', '1.0.0')).toBe(
      'https://cdn.example/app/gold-1.0.0.apk',
    );
  });

  it('has no address without a prefix or a version', () => {
    expect(appDownloadUrl('', '1.0.0')).toBeNull();
    expect(appDownloadUrl('https://cdn.example/app/gold-', ' ')).toBeNull();
    expect(appDownloadUrl('javascript:alert(1)//', '1.0.0')).toBeNull();
    expect(appDownloadUrl('goldshop-', '1.0.0')).toBeNull();
  });

  it('shows the bar only outside the app', () => {
    expect(showsDownloadBar(false, 'https://cdn.example/a.apk')).toBe(true);
    expect(showsDownloadBar(true, 'https://cdn.example/a.apk')).toBe(false);
    expect(showsDownloadBar(false, null)).toBe(false);
  });
});
