import { useTranslation } from 'react-i18next';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import type { Profile } from '../api/profile.api.ts';
import styles from './profile.module.css';

/** A drawn player figure on a gold coin, in place of a letter. */
function PlayerAvatar() {
  return (
    <svg viewBox="0 0 56 56" aria-hidden="true" focusable="false">
      <circle cx="28" cy="28" r="22" fill="none" stroke="#fff6d6" strokeOpacity=".55" strokeWidth="1.5" />
      <circle cx="28" cy="22" r="8.5" fill="#7a1020" />
      <path d="M12.5 46c2.6-8 8.6-12.5 15.5-12.5S40.9 38 43.5 46a22 22 0 0 1-31 0z" fill="#7a1020" />
    </svg>
  );
}

/** The player's card: nickname, user ID, mobile and balance with two decimals in the market currency. */
export function ProfileSummary({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  return (
    <section className={styles.summary} aria-label={t('profile.title')} data-testid="profile-summary">
      <div className={styles.identity}>
        <div className={styles.avatar} aria-hidden="true" data-testid="profile-avatar">
          <PlayerAvatar />
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
