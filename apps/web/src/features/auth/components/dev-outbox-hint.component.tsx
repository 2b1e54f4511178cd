import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../shared/app-config/app-config.context.tsx';
import styles from './auth.module.css';

/**
 * On a development server (GET /app/config says dev_tools) a link to the console SMS sink's last message to
 * the number, so a person trying the demo can read the code without a phone. Nothing in production.
 */
export function DevOutboxHint({ mobile }: { mobile: string | null }) {
  const { t } = useTranslation();
  const { devTools } = useAppConfig();
  if (!devTools || !mobile) return null;
  return (
    <a
      className={styles.devHint}
      href={`/dev/sms/last?mobile=${encodeURIComponent(mobile)}`}
      target="_blank"
      rel="noreferrer"
      data-testid="dev-outbox-link"
    >
      {t('auth.devOutbox')}
    </a>
  );
}
