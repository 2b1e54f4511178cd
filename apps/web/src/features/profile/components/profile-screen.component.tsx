import { Button } from 'antd-mobile';
import { AddCircleOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { isNetworkError } from '../../../shared/api/api-errors.ts';
import { confirmDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { isInNativeApp } from '../../../shared/native/native-bridge.ts';
import { getNotice, getToken, StorageKey } from '../../../shared/storage/storage.ts';
import { useStoredValue } from '../../../shared/storage/use-stored-value.hook.ts';
import { ScreenToolbar, toolbarIconButtonClass } from '../../../shared/ui/screen-toolbar.component.tsx';
import { SkeletonScreen } from '../../../shared/ui/skeleton.component.tsx';
import { useHomeTop } from '../../shop/hooks/use-home-top.hook.ts';
import { useLogout } from '../hooks/use-logout.hook.ts';
import { useNativeNotification } from '../hooks/use-native-notification.hook.ts';
import { useProfile } from '../hooks/use-profile.hook.ts';
import { appDownloadUrl, showsDownloadBar } from '../rules/app-download.rule.ts';
import { PROFILE_MENU, visibleProfileMenu } from '../rules/profile-menu.rule.ts';
import { buildSupportLinks } from '../rules/support-links.rule.ts';
import { DownloadAppBar } from './download-app-bar.component.tsx';
import { NickNameDialog } from './nick-name-dialog.component.tsx';
import styles from './profile.module.css';
import { ProfileActionsMenu } from './profile-actions-menu.component.tsx';
import { ProfileMenuList } from './profile-menu-list.component.tsx';
import { ProfileSummary } from './profile-summary.component.tsx';
import { SupportGroup } from './support-group.component.tsx';

/** The recharge screen the toolbar shortcut opens, when that screen exists. */
const RECHARGE_PATH = '/recharge';

export interface ProfileScreenProps {
  /** Whether a route exists; the menu lists only screens that exist (the route registry answers). */
  hasScreen: (path: string) => boolean;
}

/** The profile screen /mine (spec 01 §2 "Profile screen"); without a token it goes to /login (spec 01 §4). */
export function ProfileScreen({ hasScreen }: ProfileScreenProps) {
  const token = useStoredValue(StorageKey.token, getToken);
  if (!token) return <Navigate to="/login" replace />;
  return <SignedInProfile hasScreen={hasScreen} />;
}

function SignedInProfile({ hasScreen }: ProfileScreenProps) {
  const { t } = useTranslation();
  const profile = useProfile(true);
  const homeTop = useHomeTop();
  const logout = useLogout();
  const [nickNameOpen, setNickNameOpen] = useState(false);
  useNativeNotification(profile.isSuccess);

  const data = profile.data;
  const groups = useMemo(
    () => (data ? visibleProfileMenu(PROFILE_MENU, data, hasScreen) : []),
    [data, hasScreen],
  );
  const supportLinks = useMemo(() => buildSupportLinks(data?.supports ?? []), [data]);
  const downloadUrl = appDownloadUrl(data?.androidAppPrefix ?? '', homeTop.data?.androidVersion ?? '');
  const notice = homeTop.data?.notice ?? getNotice() ?? '';

  async function confirmLogout() {
    const confirmed = await confirmDialog({
      title: t('profile.logoutDialog.title'),
      content: t('profile.logoutDialog.content'),
      confirmText: t('profile.logoutDialog.confirm'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) await logout();
  }

  return (
    <>
      <ScreenToolbar
        title={t('profile.title')}
        right={
          <>
            {hasScreen(RECHARGE_PATH) ? (
              <Link
                to={RECHARGE_PATH}
                className={toolbarIconButtonClass}
                aria-label={t('profile.recharge')}
                data-testid="recharge-shortcut"
              >
                <AddCircleOutline />
              </Link>
            ) : null}
            <ProfileActionsMenu
              notice={notice}
              onChangeNickName={() => setNickNameOpen(true)}
              onLogout={() => void confirmLogout()}
            />
          </>
        }
      />
      {profile.isPending ? (
        <SkeletonScreen />
      ) : profile.isError ? (
        <div className={styles.state} data-testid="profile-load-failed">
          <p>{isNetworkError(profile.error) ? t('dialog.genericError') : t('profile.loadFailed')}</p>
          <Button size="small" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <div className={styles.page}>
          {showsDownloadBar(isInNativeApp(), downloadUrl) ? <DownloadAppBar href={downloadUrl} /> : null}
          <ProfileSummary profile={profile.data} />
          <ProfileMenuList groups={groups} />
          <SupportGroup links={supportLinks} />
        </div>
      )}
      <NickNameDialog
        open={nickNameOpen}
        current={data?.nickName ?? ''}
        onClose={() => setNickNameOpen(false)}
      />
    </>
  );
}
