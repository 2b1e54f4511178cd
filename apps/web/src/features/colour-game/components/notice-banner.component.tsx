import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNoticeDismissal } from '../hooks/use-notice-dismissal.hook.ts';
import styles from './colour-game.module.css';

/** The game notice (notice_content) with Got it, which hides it for 6 hours; nothing when it is empty. */
export function NoticeBanner({ notice }: { notice: string }) {
  const { t } = useTranslation();
  const [dismissed, dismiss] = useNoticeDismissal();
  if (dismissed || notice.trim() === '') return null;
  return (
    <section className={styles.notice} data-testid="colour-notice">
      <p className={styles.noticeText}>{notice}</p>
      <Button size="mini" color="warning" onClick={dismiss}>
        {t('colourGame.gotIt')}
      </Button>
    </section>
  );
}
