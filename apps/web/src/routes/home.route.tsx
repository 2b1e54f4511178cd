import { PreferencesMenu } from '../features/preferences/components/preferences-menu.component.tsx';
import { ShopHome } from '../features/shop/components/shop-home.component.tsx';
import { prefetchShopHome } from '../features/shop/hooks/use-home-top.hook.ts';
import { BrandLogo } from '../shared/ui/brand-logo.component.tsx';
import { ScreenToolbar } from '../shared/ui/screen-toolbar.component.tsx';

/** The home screen's data, requested while the app boots (see preloadScreenFor). */
export const prefetch = prefetchShopHome;

/** Route `/`: the home screen (spec 01 §2). */
export default function HomeRoute() {
  return (
    <>
      <ScreenToolbar title={<BrandLogo />} right={<PreferencesMenu />} />
      <ShopHome />
    </>
  );
}
