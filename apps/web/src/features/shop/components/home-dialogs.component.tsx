import { useTranslation } from 'react-i18next';
import { BrandDialog } from '../../../shared/ui/brand-dialog.component.tsx';
import styles from './shop-home.module.css';

/** The daily notice popup of the home screen: OK, Escape or a tap outside closes it. */
export function NoticeDialog({ notice, onClose }: { notice: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <BrandDialog
      title={t('dialog.notice')}
      actionText={t('common.ok')}
      onAction={onClose}
      onDismiss={onClose}
    >
      <div className={styles.noticeText} data-testid="notice-text">
        {notice}
      </div>
    </BrandDialog>
  );
}

/**
 * Shown when the home screen cannot reach the server (spec 01 §8); Try again reloads the home. It cannot be
 * dismissed otherwise: there is nothing to show behind it.
 */
export function MaintenanceDialog({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <BrandDialog actionText={t('dialog.tryAgain')} onAction={onRetry}>
      <div data-testid="maintenance-text">{t('dialog.maintenance')}</div>
    </BrandDialog>
  );
}
