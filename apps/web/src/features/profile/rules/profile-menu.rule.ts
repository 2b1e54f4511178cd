import type { en } from '../../../i18n/locales/en.ts';
import type { Profile } from '../api/profile.api.ts';

export type ProfileEntryKey = keyof typeof en.profile.entries;
export type ProfileGroupKey = keyof typeof en.profile.groups;

/** One entry of the profile's menu list and the screen it opens. */
export interface ProfileMenuEntry {
  key: ProfileEntryKey;
  path: string;
  /** A per-user flag the entry also needs (spec 01 §6). */
  requires?: (profile: Profile) => boolean;
}

export interface ProfileMenuGroup {
  /** Groups without a heading are plain runs of entries. */
  heading?: ProfileGroupKey;
  entries: readonly ProfileMenuEntry[];
}

/**
 * The menu list of spec 01 §2 "Profile screen", in its order: transfer, orders, promotion, wallet
 * (recharge, withdrawal, transactions), bank card, address, account security, suggestions, about (privacy
 * policy, risk disclosure). The gift entry follows event_gift_enable (spec 01 §6).
 */
export const PROFILE_MENU: readonly ProfileMenuGroup[] = [
  {
    entries: [
      { key: 'transfer', path: '/transfer', requires: (profile) => profile.transferEnabled },
      { key: 'orders', path: '/orderList' },
      { key: 'promotion', path: '/promotion' },
      { key: 'giftEvent', path: '/giftEvent', requires: (profile) => profile.eventGiftEnabled },
      { key: 'giftCode', path: '/rp' },
    ],
  },
  {
    heading: 'wallet',
    entries: [
      { key: 'recharge', path: '/recharge' },
      { key: 'withdrawal', path: '/withdrawal' },
      { key: 'transactions', path: '/transactionList' },
    ],
  },
  {
    entries: [
      { key: 'bankCards', path: '/bankCardList' },
      { key: 'addresses', path: '/addressList' },
      { key: 'accountSecurity', path: '/resetPassword' },
      { key: 'suggestions', path: '/suggestionList' },
    ],
  },
  {
    heading: 'about',
    entries: [
      { key: 'privacyPolicy', path: '/privacyPolicy' },
      { key: 'riskAgreement', path: '/riskAgreement' },
    ],
  },
];

/**
 * The groups to show: only entries whose screen exists (the route registry decides) and whose flag the
 * player has; a group left empty disappears with its heading.
 */
export function visibleProfileMenu(
  menu: readonly ProfileMenuGroup[],
  profile: Profile,
  hasScreen: (path: string) => boolean,
): ProfileMenuGroup[] {
  return menu
    .map((group) => ({
      ...group,
      entries: group.entries.filter(
        (entry) => hasScreen(entry.path) && (entry.requires ? entry.requires(profile) : true),
      ),
    }))
    .filter((group) => group.entries.length > 0);
}
