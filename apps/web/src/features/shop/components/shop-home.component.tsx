import { useQueryClient } from '@tanstack/react-query';
import { SearchOutline } from 'antd-mobile-icons';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isNetworkError } from '../../../shared/api/api-errors.ts';
import { AviatorHomeTile } from '../../aviator/components/aviator-home-tile.component.tsx';
import { LuckyHitHomeTile } from '../../luckyhit/components/luckyhit-home-tile.component.tsx';
import { shopQueryKeys } from '../hooks/shop-query-keys.ts';
import { useDailyNotice } from '../hooks/use-daily-notice.hook.ts';
import { useHomeTop } from '../hooks/use-home-top.hook.ts';
import { useProductPages } from '../hooks/use-product-pages.hook.ts';
import { BannerCarousel, BannerSkeleton } from './banner-carousel.component.tsx';
import { MaintenanceDialog, NoticeDialog } from './home-dialogs.component.tsx';
import { HomeGames } from './home-games.component.tsx';
import { ProductFeed } from './product-feed.component.tsx';
import styles from './shop-home.module.css';

/**
 * The shop part of the home screen (spec 01 §2): games, banner carousel, product grid with infinite scroll,
 * the daily notice, and the maintenance dialog when the server cannot be reached.
 */
export function ShopHome() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const homeTop = useHomeTop();
  const notice = useDailyNotice(homeTop.data?.notice);
  const productPages = useProductPages();

  // Only the first load counts: a later page that fails offers its own retry under the grid.
  const productsUnreachable = isNetworkError(productPages.error) && !productPages.isFetchNextPageError;
  const homeUnreachable = isNetworkError(homeTop.error) || productsUnreachable;
  const retrying = homeTop.isFetching || productPages.isFetching;

  useEffect(() => {
    // A failure the server reported: the spec only logs list failures, and the products still show.
    if (homeTop.error && !isNetworkError(homeTop.error)) console.error('Home content failed', homeTop.error);
  }, [homeTop.error]);

  const maintenanceVisible = homeUnreachable && !retrying;

  const retry = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: shopQueryKeys.homeTop, type: 'active' });
    void queryClient.refetchQueries({ queryKey: shopQueryKeys.products(''), type: 'active' });
  }, [queryClient]);

  return (
    <div className={styles.home}>
      <Link to="/search" className={styles.searchEntry} data-testid="search-entry">
        <SearchOutline aria-hidden="true" />
        <span>{t('search.placeholder')}</span>
      </Link>
      {homeTop.isPending ? <BannerSkeleton /> : <BannerCarousel banners={homeTop.data?.banners ?? []} />}
      <AviatorHomeTile />
      <LuckyHitHomeTile />
      <HomeGames games={homeTop.data?.games ?? []} />
      <ProductFeed pages={productPages} />
      {notice.visible ? <NoticeDialog notice={homeTop.data?.notice ?? ''} onClose={notice.close} /> : null}
      {maintenanceVisible ? <MaintenanceDialog onRetry={retry} /> : null}
    </div>
  );
}
