import type { SettingsService } from '../settings/settings.service.ts';

/** Only a banner path on this server or an http(s) address may go into the page's head. */
const PRELOADABLE_URL = /^(\/(?!\/)|https?:\/\/)[^\s"'<>]*$/;

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * index.html with a high-priority preload of the home screen's first banner, the largest thing the first
 * screen paints: the browser then fetches it with the scripts instead of after GET /shop/home_top has
 * answered (Lighthouse's largest contentful paint). Without a usable banner the page is returned as built.
 */
export function withBannerPreload(indexHtml: string, bannerUrl: string | undefined): string {
  if (!bannerUrl || !PRELOADABLE_URL.test(bannerUrl) || !indexHtml.includes('</head>')) return indexHtml;
  const link = `<link rel="preload" as="image" href="${escapeAttribute(bannerUrl)}" fetchpriority="high" />`;
  return indexHtml.replace('</head>', `    ${link}\n  </head>`);
}

/** The app shell the server sends for `/`: the built index.html and the operator's current first banner. */
export class AppShellService {
  constructor(
    private readonly indexHtml: string,
    private readonly settings: SettingsService,
  ) {}

  /** The page for `/`, with the first banner of the `home.banners` setting preloaded. */
  async homePage(): Promise<string> {
    const [firstBanner] = await this.settings.get('home.banners');
    return withBannerPreload(this.indexHtml, firstBanner);
  }
}
