import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n.ts';
import type { AppConfig } from '../shared/app-config/app-config.api.ts';
import { AppConfigProvider } from '../shared/app-config/app-config.context.tsx';
import { ErrorAlertProvider } from '../shared/dialogs/error-alert.context.tsx';
import { useDarkMode } from '../shared/theme/theme.ts';
import { AntdLocaleProvider } from './antd-locale-provider.component.tsx';
import { AppRouter } from './routing/app-router.tsx';

/** Keeps <html> on the saved theme, including when another tab changes it. */
function ThemeSync() {
  useDarkMode();
  return null;
}

/** The whole app: providers around the hash router. */
export function App({ config, queryClient }: { config: AppConfig; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppConfigProvider config={config}>
          <I18nextProvider i18n={i18n}>
            <AntdLocaleProvider>
              <ErrorAlertProvider>
                <ThemeSync />
                <AppRouter />
              </ErrorAlertProvider>
            </AntdLocaleProvider>
          </I18nextProvider>
        </AppConfigProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
