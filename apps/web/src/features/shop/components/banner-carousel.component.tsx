import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './shop-home.module.css';

/** Time each banner stays before the carousel moves on. */
const BANNER_AUTOPLAY_MS = 4000;

/** The home carousel of up to five banners; an empty list renders nothing. */
export function BannerCarousel({ banners }: { banners: readonly string[] }) {
  const { t } = useTranslation();
  if (banners.length === 0) return null;
  const several = banners.length > 1;
  return (
    <div className={styles.banner} data-testid="banner-carousel">
      <Swiper autoplay={several} autoplayInterval={BANNER_AUTOPLAY_MS} loop={several}>
        {banners.map((url, index) => (
          <Swiper.Item key={url}>
            <img
              className={styles.bannerImage}
              src={url}
              alt={t('home.banner', { index: index + 1 })}
              width={1200}
              height={500}
              // The first banner is the largest thing on the first screen; later ones can wait.
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
            />
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}

/** Holds the carousel's space while the home content loads, so the grid below does not jump. */
export function BannerSkeleton() {
  return <div className={styles.banner} aria-hidden="true" />;
}
