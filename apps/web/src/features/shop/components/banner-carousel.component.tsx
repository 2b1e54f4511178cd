import { PageIndicator } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './shop-home.module.css';

/** Time each banner stays before the carousel moves on. */
const BANNER_AUTOPLAY_MS = 4000;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The home carousel of up to five banners; an empty list renders nothing.
 *
 * A native scroll-snap track rather than antd-mobile's Swiper: the Swiper brought react-spring and
 * use-gesture into the home screen's first load (24 KB of gzip, over the 170 KB budget of DESIGN.md §5) and
 * ran a JavaScript animation frame by frame at every slide, where the browser scrolls and snaps the track by
 * itself. antd-mobile's PageIndicator draws the same dots the Swiper drew.
 */
export function BannerCarousel({ banners }: { banners: readonly string[] }) {
  const { t } = useTranslation();
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [touching, setTouching] = useState(false);
  const several = banners.length > 1;

  // Autoplay moves one banner on, and from the last back to the first; it waits while a finger is down.
  useEffect(() => {
    if (!several || touching) return;
    const timer = window.setInterval(() => {
      const track = trackRef.current;
      if (!track || track.clientWidth === 0) return;
      const next = (Math.round(track.scrollLeft / track.clientWidth) + 1) % banners.length;
      track.scrollTo?.({
        left: next * track.clientWidth,
        behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      });
    }, BANNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [several, touching, banners.length]);

  if (banners.length === 0) return null;

  const followScroll = () => {
    const track = trackRef.current;
    if (track && track.clientWidth > 0) setCurrent(Math.round(track.scrollLeft / track.clientWidth));
  };

  return (
    <div className={`${styles.banner} ${styles.carousel}`} data-testid="banner-carousel">
      <div
        ref={trackRef}
        className={styles.carouselTrack}
        onScroll={followScroll}
        onTouchStart={() => setTouching(true)}
        onTouchEnd={() => setTouching(false)}
        onTouchCancel={() => setTouching(false)}
      >
        {banners.map((url, index) => (
          <img
            key={url}
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
        ))}
      </div>
      {several ? (
        <PageIndicator className={styles.carouselIndicator} total={banners.length} current={current} />
      ) : null}
    </div>
  );
}

/** Holds the carousel's space while the home content loads, so the grid below does not jump. */
export function BannerSkeleton() {
  return <div className={styles.banner} aria-hidden="true" />;
}
