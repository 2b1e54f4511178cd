import { Button, DotLoading, InfiniteScroll } from 'antd-mobile';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isNetworkError } from '../../../shared/api/api-errors.ts';
import { EmptyState } from '../../../shared/ui/empty-state.component.tsx';
import type { ProductPagesState } from '../hooks/use-product-pages.hook.ts';
import { ProductGrid } from './product-grid.component.tsx';
import styles from './shop-home.module.css';

function FeedStatus({ children }: { children: ReactNode }) {
  return (
    <div className={styles.feedStatus} data-testid="product-feed-status">
      {children}
    </div>
  );
}

/**
 * The product grid with infinite scroll: ten at a time until `page.count` products are shown. `emptyText`
 * replaces the home's "No products yet" (the search screen says that nothing matched).
 */
export function ProductFeed({ pages, emptyText }: { pages: ProductPagesState; emptyText?: string }) {
  const { t } = useTranslation();
  const { products, loadMore, hasNextPage, isFetchNextPageError, refetch } = pages;
  const firstPageFailed = pages.isError && !isFetchNextPageError && products.length === 0;

  useEffect(() => {
    // The spec only logs list failures (a network failure shows the maintenance dialog instead).
    if (pages.error && !isNetworkError(pages.error)) console.error('Product list failed', pages.error);
  }, [pages.error]);

  const loading = (
    <FeedStatus>
      <span>{t('common.loading')}</span>
      <DotLoading />
    </FeedStatus>
  );

  return (
    <section className={styles.section} aria-label={t('home.products')}>
      <ProductGrid products={products} />
      {pages.isPending ? (
        loading
      ) : firstPageFailed ? (
        <FeedStatus>
          <span>{t('home.loadFailed')}</span>
          <Button size="mini" fill="outline" onClick={() => void refetch()} loading={pages.isFetching}>
            {t('common.retry')}
          </Button>
        </FeedStatus>
      ) : (
        <InfiniteScroll loadMore={loadMore} hasMore={pages.isSuccess && hasNextPage}>
          {(hasMore, failed, retry) =>
            failed ? (
              <FeedStatus>
                <span>{t('home.loadFailed')}</span>
                <Button size="mini" fill="outline" onClick={() => void retry()}>
                  {t('common.retry')}
                </Button>
              </FeedStatus>
            ) : hasMore ? (
              loading
            ) : (
              <FeedStatus>
                {products.length === 0 ? (
                  <EmptyState text={emptyText ?? t('home.empty')} />
                ) : (
                  t('home.noMore')
                )}
              </FeedStatus>
            )
          }
        </InfiniteScroll>
      )}
    </section>
  );
}
