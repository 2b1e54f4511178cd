import { ThemedLayout, useNotificationProvider } from '@refinedev/antd';
import { Authenticated, Refine, useGetIdentity, useLogout } from '@refinedev/core';
import routerProvider, { CatchAllNavigate, NavigateToResource } from '@refinedev/react-router';
import { App as AntdApp, Button, Card, ConfigProvider, Layout, Space, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { HashRouter, Outlet, Route, Routes } from 'react-router';
import { AlertsPage } from '../features/alerts/alerts.page.tsx';
import { ApprovalPage } from '../features/approvals/approval.page.tsx';
import { ApprovalsPage } from '../features/approvals/approvals.page.tsx';
import { authProvider } from '../features/auth/auth-provider.ts';
import { LoginPage } from '../features/auth/login.page.tsx';
import { ChannelsPage } from '../features/channels/channels.page.tsx';
import { ContentPage } from '../features/content/content.page.tsx';
import { PlayerPage } from '../features/players/player.page.tsx';
import { FairnessChainsPage } from '../features/resources/fairness-chains.page.tsx';
import { ResourceListPage } from '../features/resources/resource-list.page.tsx';
import { RESOURCE_LISTS } from '../features/resources/resources.tsx';
import { SettingsPage } from '../features/settings/settings.page.tsx';
import { dataProvider } from '../shared/data-provider.ts';
import { FeedbackBridge } from '../shared/feedback.ts';
import { accessControlFor } from './access-control.ts';
import { QueueBadges } from './queue-badges.component.tsx';

/** echarts is large: it loads only when the dashboard is opened. */
const DashboardPage = lazy(() => import('../features/dashboard/dashboard.page.tsx'));

const accessControlProvider = accessControlFor(
  (resource) => RESOURCE_LISTS.find((definition) => definition.name === resource)?.roles,
);

const resources = [
  { name: 'dashboard', list: '/', meta: { label: 'Dashboard' } },
  { name: 'approvals', list: '/approvals', show: '/approvals/:id', meta: { label: 'Requests' } },
  { name: 'alerts', list: '/alerts', meta: { label: 'Alerts' } },
  ...RESOURCE_LISTS.map((definition) => ({
    name: definition.name,
    list: `/${definition.name}`,
    ...(definition.name === 'users' ? { show: '/users/:id' } : {}),
    meta: { label: definition.title },
  })),
  { name: 'channels', list: '/channels', meta: { label: 'Channels' } },
  { name: 'content', list: '/content', meta: { label: 'Banners & notices' } },
  { name: 'settings', list: '/settings', meta: { label: 'Settings' } },
  { name: 'fairness', list: '/fairness', meta: { label: 'Fairness chains' } },
];

function Header() {
  const { data: identity } = useGetIdentity<{ name: string }>();
  const { mutate: logout } = useLogout();
  return (
    <Layout.Header
      style={{ background: '#fff', display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}
    >
      <QueueBadges />
      <Space>
        <Typography.Text data-testid="operator-identity">{identity?.name}</Typography.Text>
        <Button size="small" onClick={() => logout()}>
          Log out
        </Button>
      </Space>
    </Layout.Header>
  );
}

/** The operator console: Refine with its Ant Design layout, a hash router and the operator API. */
export function App() {
  return (
    <HashRouter>
      <ConfigProvider>
        <AntdApp>
          <FeedbackBridge />
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            routerProvider={routerProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{ disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: false }}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
                    <ThemedLayout Header={Header} Title={() => <strong>Operator console</strong>}>
                      <Outlet />
                    </ThemedLayout>
                  </Authenticated>
                }
              >
                <Route
                  index
                  element={
                    <Suspense fallback={<Card loading />}>
                      <DashboardPage />
                    </Suspense>
                  }
                />
                {RESOURCE_LISTS.map((definition) => (
                  <Route
                    key={definition.name}
                    path={`/${definition.name}`}
                    element={<ResourceListPage key={definition.name} definition={definition} />}
                  />
                ))}
                <Route path="/approvals" element={<ApprovalsPage />} />
                <Route path="/approvals/:id" element={<ApprovalPage />} />
                <Route path="/alerts" element={<AlertsPage />} />
                <Route path="/users/:id" element={<PlayerPage />} />
                <Route path="/channels" element={<ChannelsPage />} />
                <Route path="/content" element={<ContentPage />} />
                <Route path="/settings" element={<SettingsPage />} />
                <Route path="/fairness" element={<FairnessChainsPage />} />
              </Route>
              <Route
                element={
                  <Authenticated key="login" fallback={<Outlet />}>
                    <NavigateToResource resource="dashboard" />
                  </Authenticated>
                }
              >
                <Route path="/login" element={<LoginPage />} />
              </Route>
            </Routes>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </HashRouter>
  );
}
