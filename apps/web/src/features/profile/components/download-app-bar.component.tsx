import { DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import styles from './profile.module.css';

/** The download-app bar (spec 01 §2): shown outside the app when there is a package to download. */
export function DownloadAppBar({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.downloadBar} data-testid="download-app-bar">
      <DownlandOutline className={styles.downloadIcon} aria-hidden="true" />
      <span className={styles.downloadText}>{t('profile.downloadApp.text')}</span>
      {/* A new tab, so the app stays open whatever the download address answers. */}
      <a
        className={styles.downloadAction}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        download
        data-testid="download-app-link"
      >
        {t('profile.downloadApp.action')}
      </a>
    </div>
  );
}
