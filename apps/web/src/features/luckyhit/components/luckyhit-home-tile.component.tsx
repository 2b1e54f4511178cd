import { Button } from 'antd-mobile';
import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getEarlyFlag, StorageKey } from '../../../shared/storage/storage.ts';
import { useStoredValue } from '../../../shared/storage/use-stored-value.hook.ts';
import styles from '../../shop/components/shop-home.module.css';

/** Lucky Hit's tile on the home screen, for early-access players only (like its bottom tab). */
export function LuckyHitHomeTile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isEarly = useStoredValue(StorageKey.isEarly, getEarlyFlag);
  if (!isEarly) return null;
  return (
    <section className={styles.section} data-testid="home-luckyhit">
      <ul className={styles.games}>
        <li className={styles.game}>
          <GiftOutline fontSize={32} />
          <span className={styles.gameName}>{t('nav.luckyHit')}</span>
          <Button size="small" color="primary" shape="rounded" onClick={() => navigate('/luckyhit')}>
            {t('home.play')}
          </Button>
        </li>
      </ul>
    </section>
  );
}
