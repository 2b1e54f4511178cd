import { Dialog } from 'antd-mobile';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './shop-home.module.css';

/** The daily notice popup of the home screen. */
function NoticeDialog({
  notice,
  visible,
  onClose,
}: {
  notice: string;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={visible}
      title={t('dialog.notice')}
      content={
        <div className={styles.noticeText} data-testid="notice-text">
          {notice}
        </div>
      }
      closeOnMaskClick
      onClose={onClose}
      actions={[{ key: 'ok', text: t('common.ok'), bold: true }]}
      onAction={onClose}
    />
  );
}

/** Shown when the home screen cannot reach the server (spec 01 §8); Try again reloads the home. */
function MaintenanceDialog({ visible, onRetry }: { visible: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={visible}
      content={<div data-testid="maintenance-text">{t('dialog.maintenance')}</div>}
      actions={[{ key: 'retry', text: t('dialog.tryAgain'), bold: true }]}
      onAction={onRetry}
    />
  );
}

export interface HomeDialogsProps {
  notice: ComponentProps<typeof NoticeDialog>;
  maintenance: ComponentProps<typeof MaintenanceDialog>;
}

/** The home screen's dialogs, in one module so they load together and only when one first opens. */
export default function HomeDialogs({ notice, maintenance }: HomeDialogsProps) {
  return (
    <>
      <NoticeDialog {...notice} />
      <MaintenanceDialog {...maintenance} />
    </>
  );
}
