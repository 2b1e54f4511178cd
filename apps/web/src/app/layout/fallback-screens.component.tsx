import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from './app-layout.module.css';

/** The screen for a path that has no screen. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.message}>
      <h1>{t('notFound.title')}</h1>
      <Button color="primary" onClick={() => navigate('/')}>
        {t('notFound.backHome')}
      </Button>
    </div>
  );
}

/** Shown when a screen fails to render or its code fails to load (for example after a deploy). */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  return (
    <div className={styles.message} role="alert">
      <p>{t('dialog.genericError')}</p>
      <Button color="primary" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
