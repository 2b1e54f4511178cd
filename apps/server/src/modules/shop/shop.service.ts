import {
  type HomeTopResponse,
  type MoreGameDto,
  minorToDecimalString,
  type Page,
  type ProductDto,
  type ProductListQuery,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database, MoreGameRow, ProductRow } from '../../db/schema.ts';
import { notFound } from '../../http/app-error.ts';
import { type CachedReply, cachedJsonReply } from '../../http/cached-reply.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import { type PublicReadCache, PublicReadTag } from '../../platform/public-read-cache.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  countActiveProducts,
  findActiveProduct,
  listActiveProducts,
  listEnabledMoreGames,
  type PublicProductRow,
} from './shop.repository.ts';

/**
 * The catalogue's Cache-Control: a client keeps its copy but asks again each time (an operator's edit shows
 * at once), and the ETag turns an unchanged answer into a 304 without a body.
 */
export const CATALOGUE_CACHE_CONTROL = 'public, no-cache';

/** Maps a product row to the spec's product entity. */
export function toProductDto(row: PublicProductRow | ProductRow): ProductDto {
  return {
    id: row.id,
    name: row.name,
    price: minorToDecimalString(row.price_minor),
    main_image: row.main_image,
    image2: row.image2,
    image3: row.image3,
    spec: row.spec,
    stock: row.stock,
  };
}

function toMoreGameDto(row: Pick<MoreGameRow, 'id' | 'name' | 'image'>): MoreGameDto {
  return { game_id: row.id, name: row.name, image: row.image };
}

/**
 * The shop catalogue as the home, search and detail screens read it. The same for everyone, so each answer
 * is serialized once per change and kept in the public-read cache (an operator's edit, an order's stock
 * and a settings change invalidate it; other instances' changes arrive within the cache's TTL).
 */
export class ShopService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly settings: SettingsService,
    private readonly cache: PublicReadCache,
  ) {}

  /** GET /shop/home_top, serialized. */
  homeTopReply(): CachedReply | Promise<CachedReply> {
    return this.cache.read(
      'shop.home_top',
      [PublicReadTag.settings, PublicReadTag.moreGames],
      async (previous?: CachedReply) => cachedJsonReply(JSON.stringify(await this.homeTop()), previous),
    );
  }

  /** GET /shop/products, serialized, per page and keyword. */
  productsReply(query: ProductListQuery): CachedReply | Promise<CachedReply> {
    return this.cache.read(
      `shop.products:${query.p}:${query.p_size}:${query.keyword ?? ''}`,
      [PublicReadTag.catalogue],
      async (previous?: CachedReply) =>
        cachedJsonReply(JSON.stringify(await this.listProducts(query)), previous),
    );
  }

  /** GET /shop/product, serialized; an unknown or inactive product is a 404, which is not kept. */
  productReply(id: number): CachedReply | Promise<CachedReply> {
    return this.cache.read(`shop.product:${id}`, [PublicReadTag.catalogue], async (previous?: CachedReply) =>
      cachedJsonReply(JSON.stringify(await this.getProduct(id)), previous),
    );
  }

  /** The home screen's banners, notice, app version and embedded games. */
  async homeTop(): Promise<HomeTopResponse> {
    const [settings, games] = await Promise.all([
      this.settings.getMany(['home.banners', 'home.notice', 'app.android_version']),
      listEnabledMoreGames(this.db),
    ]);
    const banners = settings['home.banners'];
    const moreGameList = games.map(toMoreGameDto);
    return {
      code: 200,
      queryset: [
        {
          image1: banners[0] ?? '',
          image2: banners[1] ?? '',
          image3: banners[2] ?? '',
          image4: banners[3] ?? '',
          image5: banners[4] ?? '',
          notice: settings['home.notice'],
          android_version: settings['app.android_version'],
          more_game_list: moreGameList,
        },
      ],
      more_game_list: moreGameList,
    };
  }

  /** One page of active products, optionally filtered by a keyword in the name. */
  async listProducts(query: ProductListQuery): Promise<Page<ProductDto>> {
    const keyword = query.keyword || undefined;
    const [count, rows] = await Promise.all([
      countActiveProducts(this.db, this.dialect, keyword),
      listActiveProducts(this.db, this.dialect, keyword, pageWindow(query)),
    ]);
    return pageResponse(count, rows.map(toProductDto));
  }

  /** One active product, or 404. */
  async getProduct(id: number): Promise<{ code: 200; entry: ProductDto }> {
    const row = await findActiveProduct(this.db, id);
    if (!row) throw notFound('Product not found');
    return { code: 200, entry: toProductDto(row) };
  }
}
