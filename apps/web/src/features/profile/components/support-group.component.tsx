import type { SupportType } from '@app/shared';
import { MailOutline, MessageOutline, PhonebookOutline, SendOutline } from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportLink } from '../rules/support-links.rule.ts';
import styles from './profile.module.css';
import { MenuRowIcon } from './profile-menu-list.component.tsx';

const SUPPORT_ICONS: Readonly<Record<SupportType, ComponentType<{ className?: string }>>> = {
  email: MailOutline,
  mobile: PhonebookOutline,
  whatsapp: MessageOutline,
  telegram: SendOutline,
};

/** Links that leave the app open in a new tab; mailto: and tel: hand over to the phone's own apps. */
function opensNewTab(href: string): boolean {
  return href.startsWith('https://');
}

/** The support contact group built from the server's list, with the service hours (spec 01 §2, §9). */
export function SupportGroup({ links }: { links: readonly SupportLink[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <section className={styles.group} data-testid="support-group">
      <h2 className={styles.groupHeading}>{t('profile.groups.support')}</h2>
      <ul className={styles.rows}>
        {links.map((link) => (
          <li key={`${link.type}:${link.value}`}>
            <a
              href={link.href}
              className={styles.row}
              data-testid={`support-${link.type}`}
              {...(opensNewTab(link.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              <MenuRowIcon icon={SUPPORT_ICONS[link.type]} />
              <span className={styles.rowLabel}>{t(`profile.support.${link.type}`)}</span>
              <span className={styles.rowValue}>{link.value}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className={styles.groupNote}>{t('profile.supportHours')}</p>
    </section>
  );
}
