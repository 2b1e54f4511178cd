import {
  HOME_PRODUCT_PAGE_SIZE,
  type HomeTopResponse,
  INLINE_APP_CONFIG_ELEMENT_ID,
  INLINE_HOME_PRODUCTS_ELEMENT_ID,
  INLINE_HOME_TOP_ELEMENT_ID,
  type ProductListQuery,
} from '@app/shared';
import { CachedReply } from '../../http/cached-reply.ts';
import type { ShopService } from './shop.service.ts';

/** The page is made once per change of the home content, so it is compressed as well as Brotli can. */
const APP_SHELL_BROTLI_QUALITY = 11;
const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/** Only a banner path on this server or an http(s) address may go into the page. */
const PAGE_BANNER_URL = /^(\/(?!\/)|https?:\/\/)[^\s"'<>]*$/;

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** Where index.html's boot shell takes the home screen's first banner. */
export const BOOT_BANNER_MARK = '<!--boot-banner-->';

/**
 * index.html with the home screen's first banner, the largest thing the first screen paints, in its boot
 * shell: the browser fetches it at high priority with the stylesheets and paints it before any script has
 * run, where the app then draws the same banner (Lighthouse's largest contentful paint). Without a usable
 * banner, or without the mark, the page is returned as built (the shell keeps an empty banner box).
 */
export function withBootBanner(indexHtml: string, bannerUrl: string | undefined): string {
  if (!bannerUrl || !PAGE_BANNER_URL.test(bannerUrl) || !indexHtml.includes(BOOT_BANNER_MARK))
    return indexHtml;
  const image = `<img src="${escapeAttribute(bannerUrl)}" alt="" fetchpriority="high" decoding="async" />`;
  return indexHtml.replace(BOOT_BANNER_MARK, image);
}

/**
 * index.html with a JSON answer written into the head as a data block (`<script type="application/json">`),
 * so the app's first render does not wait for that call. A data block is never run, so the content
 * security policy's script-src (no inline script) does not apply to it; every `<` is escaped (`\u003c`,
 * which JSON.parse reads back) so that no text, an operator's notice included, can close the element.
 */
export function withInlineJson(indexHtml: string, elementId: string, json: string): string {
  if (!indexHtml.includes('</head>')) return indexHtml;
  const data = json.replaceAll('<', '\\u003c');
  const block = `<script type="application/json" id="${elementId}">${data}</script>`;
  return indexHtml.replace('</head>', `    ${block}\n  </head>`);
}

/** The first banner of a GET /shop/home_top answer, if any. */
function firstBanner(homeTopJson: string): string | undefined {
  const response = JSON.parse(homeTopJson) as Partial<HomeTopResponse>;
  return response.queryset?.[0]?.image1 || undefined;
}

/** The home grid's first page, as the app asks for it. */
const HOME_FIRST_PRODUCTS: ProductListQuery = { p: 1, p_size: HOME_PRODUCT_PAGE_SIZE, keyword: undefined };

interface HomeContentReplies {
  readonly homeTop: CachedReply;
  readonly products: CachedReply;
}

/**
 * The app shell the server sends for `/`: the built index.html with the app's configuration, the home
 * screen's top content (banners, notice, games: GET /shop/home_top's answer), the first page of its product
 * grid (GET /shop/products's) and its first banner in the page's boot shell, so the home's first render is complete and
 * no answer arriving later re-renders it. Made (and compressed) once per change of that content, which the
 * shop keeps in the public-read cache; never read from the database per request.
 */
export class AppShellService {
  private current: (HomeContentReplies & { readonly page: CachedReply }) | undefined;
  private readonly shellHtml: string;

  /** `appConfigJson` is GET /app/config's answer, fixed for the life of the process. */
  constructor(
    indexHtml: string,
    appConfigJson: string,
    private readonly shop: Pick<ShopService, 'homeTopReply' | 'productsReply'>,
  ) {
    this.shellHtml = withInlineJson(indexHtml, INLINE_APP_CONFIG_ELEMENT_ID, appConfigJson);
  }

  /** The page for `/`, carrying GET /app/config's, GET /shop/home_top's and the first GET /shop/products's answers. */
  homePage(): CachedReply | Promise<CachedReply> {
    const homeTop = this.shop.homeTopReply();
    const products = this.shop.productsReply(HOME_FIRST_PRODUCTS);
    if (homeTop instanceof Promise || products instanceof Promise) {
      return Promise.all([homeTop, products]).then(([loadedHomeTop, loadedProducts]) =>
        this.pageFor({ homeTop: loadedHomeTop, products: loadedProducts }),
      );
    }
    return this.pageFor({ homeTop, products });
  }

  /** The shop keeps the same replies while its content is unchanged: the same page, with its compressed copies. */
  private pageFor(replies: HomeContentReplies): CachedReply {
    if (this.current?.homeTop !== replies.homeTop || this.current.products !== replies.products) {
      const homeTopJson = replies.homeTop.body.toString('utf8');
      const withData = withInlineJson(
        withInlineJson(this.shellHtml, INLINE_HOME_TOP_ELEMENT_ID, homeTopJson),
        INLINE_HOME_PRODUCTS_ELEMENT_ID,
        replies.products.body.toString('utf8'),
      );
      const html = withBootBanner(withData, firstBanner(homeTopJson));
      this.current = {
        ...replies,
        page: new CachedReply(Buffer.from(html), HTML_CONTENT_TYPE, {
          brotliQuality: APP_SHELL_BROTLI_QUALITY,
        }),
      };
    }
    return this.current.page;
  }
}
