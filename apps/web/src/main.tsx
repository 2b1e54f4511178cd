import './app/zod-without-eval.ts';
import { getMarket } from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAntdLocale } from './app/antd-locale-provider.component.tsx';
import { App } from './app/app.component.tsx';
import { createAppQueryClient } from './app/query-client.ts';
import { preloadScreenFor } from './app/routing/app-router.tsx';
import { initI18n, resolveLanguage } from './i18n/i18n.ts';
import { api } from './shared/api/api.ts';
import {
  type AppConfig,
  FALLBACK_APP_CONFIG,
  fetchAppConfig,
  readInlineAppConfig,
} from './shared/app-config/app-config.api.ts';
import { checkAppVersion } from './shared/app-version/app-version.api.ts';
import { installAntdReact19Render } from './shared/dialogs/antd-react19-render.ts';
import { setMessageMarket } from './shared/dialogs/message-market.ts';
import { applyTheme, resolveDarkMode } from './shared/theme/theme.ts';
import './styles/global.css';

/** GET /app/config, when the page did not carry the configuration; the fallback market if it fails. */
async function fetchConfig(queryClient: QueryClient): Promise<AppConfig> {
  try {
    return await queryClient.fetchQuery({
      queryKey: ['app', 'config'],
      queryFn: ({ signal }) => fetchAppConfig(api, signal),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    });
  } catch (error) {
    // Without the server the app still renders, so the home screen can show its maintenance dialog.
    console.error('GET /app/config failed; using the fallback market', error);
    return FALLBACK_APP_CONFIG;
  }
}

/**
 * Boot: theme first (no flash), then the server's market (written into the page by the server, or asked
 * for), then the language, then the first render.
 */
async function boot(): Promise<void> {
  applyTheme(resolveDarkMode());
  installAntdReact19Render();
  const queryClient = createAppQueryClient();
  // The screen's code, and the home screen's data, download while the configuration call (if any) is in flight.
  preloadScreenFor(window.location.hash, queryClient);

  const config = readInlineAppConfig(document) ?? (await fetchConfig(queryClient));
  setMessageMarket(config.market);
  const language = resolveLanguage(getMarket(config.market).defaultLanguage);
  // antd-mobile's locale is a nicety; English stands in if its chunk cannot load.
  await Promise.all([initI18n(language), loadAntdLocale(language).catch(() => undefined)]);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser every few milliseconds, so the first screen's
  // render is not one long task that holds up input (Lighthouse's total blocking time) on a slow phone.
  startTransition(() => root.render(<App config={config} queryClient={queryClient} />));
  // After the first render, so the check never delays the screen (spec 01 §4: code 200 goes to landing_page).
  void checkAppVersion(api);
}

void boot();
