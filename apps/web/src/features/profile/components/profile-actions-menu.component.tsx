import { Popup, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { useDarkMode } from '../../../shared/theme/theme.ts';
import { ToolbarMenuButton } from '../../../shared/ui/screen-toolbar.component.tsx';
import styles from './profile.module.css';

export interface ProfileActionsMenuProps {
  /** The home notice text; empty when there is none. */
  notice: string;
  onChangeNickName: () => void;
  onLogout: () => void;
}

/** The profile toolbar's menu (spec 01 §2): theme toggle, notice, change nickname and logout. */
export function ProfileActionsMenu({ notice, onChangeNickName, onLogout }: ProfileActionsMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [dark, setDark] = useDarkMode();

  /** Closes the sheet first, so the dialog an item opens is the only thing on screen. */
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  const showNotice = () =>
    void alertDialog({
      title: t('profile.menu.notice'),
      content: (
        <div className={styles.noticeText} data-testid="profile-notice-text">
          {notice.trim() === '' ? t('profile.noNotice') : notice}
        </div>
      ),
      confirmText: t('common.ok'),
    });

  return (
    <>
      <ToolbarMenuButton open={open} onOpen={() => setOpen(true)} testId="profile-menu-button" />
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)}>
        <div
          className={styles.sheet}
          role="dialog"
          aria-label={t('profile.menu.title')}
          data-testid="profile-actions"
        >
          <div className={styles.sheetRow}>
            <span>{t('menu.darkMode')}</span>
            <Switch
              checked={dark}
              onChange={setDark}
              aria-label={t('menu.darkMode')}
              data-testid="dark-mode-switch"
            />
          </div>
          <button
            type="button"
            className={styles.sheetRow}
            onClick={choose(showNotice)}
            data-testid="menu-notice"
          >
            {t('profile.menu.notice')}
          </button>
          <button
            type="button"
            className={styles.sheetRow}
            onClick={choose(onChangeNickName)}
            data-testid="menu-change-nick-name"
          >
            {t('profile.menu.changeNickName')}
          </button>
          <button
            type="button"
            className={`${styles.sheetRow} ${styles.danger}`}
            onClick={choose(onLogout)}
            data-testid="menu-logout"
          >
            {t('profile.menu.logout')}
          </button>
          <button type="button" className={styles.sheetCancel} onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </button>
        </div>
      </Popup>
    </>
  );
}
