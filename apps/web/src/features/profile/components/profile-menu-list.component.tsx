import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileMenuGroup } from '../rules/profile-menu.rule.ts';
import styles from './profile.module.css';

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
                  <span>{t(`profile.entries.${entry.key}`)}</span>
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
