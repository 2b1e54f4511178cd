import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { BannerCarousel } from './banner-carousel.component.tsx';

const BANNERS = ['/media/banners/banner-1.svg', '/media/banners/banner-2.svg', '/media/banners/banner-3.svg'];
const TRACK_WIDTH = 300;

/**
 * jsdom lays nothing out: the track gets the width a phone would give it, and scrollTo moves it and reports
 * the scroll as the browser does (jsdom has no Element.scrollTo).
 */
function layOut(carousel: HTMLElement): HTMLElement {
  const track = carousel.firstElementChild as HTMLElement;
  Object.defineProperty(track, 'clientWidth', { configurable: true, value: TRACK_WIDTH });
  track.scrollTo = ((options: ScrollToOptions) => {
    track.scrollLeft = options.left ?? 0;
    fireEvent.scroll(track);
  }) as typeof track.scrollTo;
  return track;
}

function activeDot(carousel: HTMLElement): number {
  const dots = [...carousel.querySelectorAll('.adm-page-indicator-dot')];
  return dots.findIndex((dot) => dot.classList.contains('adm-page-indicator-dot-active'));
}

describe('BannerCarousel', () => {
  afterEach(() => vi.useRealTimers());

  it('shows every banner in order, the first loaded eagerly, with one dot per banner', () => {
    renderWithProviders(<BannerCarousel banners={BANNERS} />);
    const carousel = screen.getByTestId('banner-carousel');
    const images = [...carousel.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual(BANNERS);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(carousel.querySelectorAll('.adm-page-indicator-dot')).toHaveLength(3);
    expect(activeDot(carousel)).toBe(0);
  });

  it('marks the banner a swipe stopped on', () => {
    renderWithProviders(<BannerCarousel banners={BANNERS} />);
    const carousel = screen.getByTestId('banner-carousel');
    const track = layOut(carousel);
    track.scrollLeft = 2 * TRACK_WIDTH;
    fireEvent.scroll(track);
    expect(activeDot(carousel)).toBe(2);
  });

  it('moves on every four seconds, from the last banner back to the first, and waits while touched', () => {
    vi.useFakeTimers();
    renderWithProviders(<BannerCarousel banners={BANNERS} />);
    const carousel = screen.getByTestId('banner-carousel');
    const track = layOut(carousel);

    act(() => vi.advanceTimersByTime(4000));
    expect(activeDot(carousel)).toBe(1);
    act(() => vi.advanceTimersByTime(4000));
    expect(activeDot(carousel)).toBe(2);
    act(() => vi.advanceTimersByTime(4000));
    expect(activeDot(carousel)).toBe(0);

    fireEvent.touchStart(track);
    act(() => vi.advanceTimersByTime(12_000));
    expect(activeDot(carousel)).toBe(0);
    fireEvent.touchEnd(track);
    act(() => vi.advanceTimersByTime(4000));
    expect(activeDot(carousel)).toBe(1);
  });

  it('shows one banner without dots or autoplay, and nothing without banners', () => {
    vi.useFakeTimers();
    const { unmount } = renderWithProviders(<BannerCarousel banners={BANNERS.slice(0, 1)} />);
    const carousel = screen.getByTestId('banner-carousel');
    const track = layOut(carousel);
    act(() => vi.advanceTimersByTime(8000));
    expect(track.scrollLeft).toBe(0);
    expect(carousel.querySelector('.adm-page-indicator')).toBeNull();
    unmount();

    renderWithProviders(<BannerCarousel banners={[]} />);
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
  });
});
