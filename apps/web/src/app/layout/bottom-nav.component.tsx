import { TabBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getEarlyFlag, StorageKey } from '../../shared/storage/storage.ts';
import { useStoredValue } from '../../shared/storage/use-stored-value.hook.ts';
import { visibleTabs } from '../routing/bottom-tabs.ts';
import { APP_ROUTES } from '../routing/route-registry.ts';
import styles from './app-layout.module.css';

/** The bottom navigation (spec 01 §2): registered screens only, game tabs only with the early flag. */
export function BottomNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isEarly = useStoredValue(StorageKey.isEarly, getEarlyFlag);
  const tabs = visibleTabs(APP_ROUTES, isEarly);
  const activeKey = tabs.some((tab) => tab.path === pathname) ? pathname : null;

  return (
    <nav className={styles.bottomNav} aria-label={t('nav.label')} data-testid="bottom-nav">
      <TabBar safeArea activeKey={activeKey} onChange={(path) => navigate(path)}>
        {tabs.map(({ path, titleKey, icon: Icon }) => (
          <TabBar.Item
            key={path}
            icon={<Icon />}
            title={t(titleKey)}
            data-testid={`tab-${titleKey.replace('nav.', '')}`}
          />
        ))}
      </TabBar>
    </nav>
  );
}
