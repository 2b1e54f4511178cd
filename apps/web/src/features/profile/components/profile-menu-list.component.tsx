import {
  BankcardOutline,
  BillOutline,
  CollectMoneyOutline,
  CouponOutline,
  ExclamationShieldOutline,
  FileOutline,
  GiftOutline,
  LocationOutline,
  LockOutline,
  MessageOutline,
  PayCircleOutline,
  ReceiptOutline,
  RightOutline,
  SendOutline,
  TeamOutline,
} from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileEntryKey, ProfileMenuGroup } from '../rules/profile-menu.rule.ts';
import styles from './profile.module.css';

/** The icon of every menu entry; a new entry does not compile without one. */
const ENTRY_ICONS: Readonly<Record<ProfileEntryKey, ComponentType<{ className?: string }>>> = {
  transfer: SendOutline,
  orders: ReceiptOutline,
  promotion: TeamOutline,
  giftEvent: GiftOutline,
  giftCode: CouponOutline,
  recharge: PayCircleOutline,
  withdrawal: CollectMoneyOutline,
  transactions: BillOutline,
  bankCards: BankcardOutline,
  addresses: LocationOutline,
  accountSecurity: LockOutline,
  suggestions: MessageOutline,
  privacyPolicy: FileOutline,
  riskAgreement: ExclamationShieldOutline,
};

/** The profile's menu list: one run of links per group, each opening its screen. */
export function ProfileMenuList({ groups }: { groups: readonly ProfileMenuGroup[] }) {
  const { t } = useTranslation();
  return (
    <nav className={styles.groups} aria-label={t('profile.menu.title')} data-testid="profile-menu-list">
      {groups.map((group) => (
        <section key={group.entries.map((entry) => entry.key).join()} className={styles.group}>
          {group.heading ? (
            <h2 className={styles.groupHeading}>{t(`profile.groups.${group.heading}`)}</h2>
          ) : null}
          <ul className={styles.rows}>
            {group.entries.map((entry) => (
              <li key={entry.key}>
                <Link to={entry.path} className={styles.row} data-testid={`profile-entry-${entry.key}`}>
                  <MenuRowIcon icon={ENTRY_ICONS[entry.key]} />
                  <span className={styles.rowLabel}>{t(`profile.entries.${entry.key}`)}</span>
                  <RightOutline className={styles.rowArrow} aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

/** The icon tile at the start of a menu row (shared by the menu and the support group). */
export function MenuRowIcon({ icon: Icon }: { icon: ComponentType<{ className?: string }> }) {
  return (
    <span className={styles.rowIcon} aria-hidden="true">
      <Icon />
    </span>
  );
}
