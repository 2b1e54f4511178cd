import { useTranslation } from 'react-i18next';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import type { Profile } from '../api/profile.api.ts';
import styles from './profile.module.css';

/** The player's card: nickname, user ID, mobile and balance with two decimals in the market currency. */
export function ProfileSummary({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const initial = Array.from(profile.nickName.trim())[0]?.toUpperCase() ?? '?';
  return (
    <section className={styles.summary} aria-label={t('profile.title')} data-testid="profile-summary">
      <div className={styles.identity}>
        <div className={styles.avatar} aria-hidden="true">
          {initial}
        </div>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{t('profile.nickName')}</dt>
            <dd className={styles.nickName} data-testid="profile-nick-name">
              {profile.nickName}
            </dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('profile.userId')}</dt>
            <dd data-testid="profile-user-id">{profile.userId}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('profile.mobile')}</dt>
            <dd data-testid="profile-mobile">{profile.mobile}</dd>
          </div>
        </dl>
      </div>
      <div className={styles.balance}>
        <span>{t('profile.balance')}</span>
        <strong data-testid="profile-balance">{formatPrice(profile.balance)}</strong>
      </div>
    </section>
  );
}
