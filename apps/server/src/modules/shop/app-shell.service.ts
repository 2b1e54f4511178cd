import { CachedReply } from '../../http/cached-reply.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/** The page is made once per banner change, so it is compressed as well as Brotli can. */
const APP_SHELL_BROTLI_QUALITY = 11;
const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

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

/**
 * The app shell the server sends for `/`: the built index.html and the operator's current first banner,
 * made (and compressed) once per change of the banners, never read from the database per request.
 */
export class AppShellService {
  private current: { readonly banner: string | undefined; readonly page: CachedReply } | undefined;

  constructor(
    private readonly indexHtml: string,
    private readonly settings: SettingsService,
  ) {}

  /** The page for `/`, with the first banner of the `home.banners` setting preloaded. */
  homePage(): CachedReply | Promise<CachedReply> {
    const settings = this.settings.allForDisplay();
    if (settings instanceof Promise)
      return settings.then((loaded) => this.pageFor(loaded['home.banners'][0]));
    return this.pageFor(settings['home.banners'][0]);
  }

  /** The settings are cached: the same first banner gives the same page, with its compressed copies. */
  private pageFor(banner: string | undefined): CachedReply {
    if (this.current?.banner !== banner || !this.current) {
      const body = Buffer.from(withBannerPreload(this.indexHtml, banner));
      this.current = {
        banner,
        page: new CachedReply(body, HTML_CONTENT_TYPE, { brotliQuality: APP_SHELL_BROTLI_QUALITY }),
      };
    }
    return this.current.page;
  }
}
