import { getMarket, type MarketDefinition } from '@app/shared';
import { createContext, type ReactNode, useContext } from 'react';
import { type AppConfig, FALLBACK_APP_CONFIG } from './app-config.api.ts';

const AppConfigContext = createContext<AppConfig>(FALLBACK_APP_CONFIG);

/** Makes the configuration loaded at boot available to every screen. */
export function AppConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

/** The configuration the server sent at boot (market, development tools). */
export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}

/** The current market's constants: currency, symbol, decimal separator, mobile prefix, presets. */
export function useMarket(): MarketDefinition {
  return getMarket(useAppConfig().market);
}
