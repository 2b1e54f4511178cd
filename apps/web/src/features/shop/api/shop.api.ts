import {
  HOME_PRODUCT_PAGE_SIZE,
  type HomeTopResponse,
  INLINE_HOME_PRODUCTS_ELEMENT_ID,
  INLINE_HOME_TOP_ELEMENT_ID,
  type MoreGameDto,
  type Page,
  type ProductDto,
} from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';
import { ApiNetworkError } from '../../../shared/api/api-errors.ts';
import { readInlineJson } from '../../../shared/api/inline-data.ts';

/** Products per page of the home grid and its infinite scroll (the server writes the first page into `/`). */
export const PRODUCT_PAGE_SIZE = HOME_PRODUCT_PAGE_SIZE;

/** The home carousel shows at most this many banners (spec 01 §9). */
export const HOME_BANNER_MAX = 5;

/** What the home screen shows above the product grid. */
export interface HomeContent {
  /** Non-empty banner image URLs, in order, at most HOME_BANNER_MAX. */
  banners: string[];
  notice: string;
  androidVersion: string;
  games: MoreGameDto[];
}

/** GET /shop/product?id: one product in `entry` (spec 01 §3). */
interface ProductResponse {
  code: 200;
  entry: unknown;
}

export interface ProductPage {
  /** Products matching the query across all pages (`page.count`). */
  count: number;
  products: ProductDto[];
}

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function toMoreGame(value: unknown): MoreGameDto | null {
  if (!isRecord(value) || typeof value.game_id !== 'number' || typeof value.name !== 'string') return null;
  return { game_id: value.game_id, name: value.name, image: text(value.image) };
}

function toProduct(value: unknown): ProductDto | null {
  if (!isRecord(value)) return null;
  const { id, name, price, stock } = value;
  if (typeof id !== 'number' || typeof name !== 'string' || typeof price !== 'string') return null;
  return {
    id,
    name,
    price,
    main_image: text(value.main_image),
    image2: text(value.image2),
    image3: text(value.image3),
    spec: text(value.spec),
    stock: typeof stock === 'number' ? stock : 0,
  };
}

function compact<T>(values: unknown, map: (value: unknown) => T | null): T[] {
  return Array.isArray(values) ? values.map(map).filter((value): value is T => value !== null) : [];
}

/** Reads GET /shop/home_top; the games come from the top-level list, else from the first record's. */
export function parseHomeTop(response: HomeTopResponse): HomeContent {
  const record: unknown = Array.isArray(response.queryset) ? response.queryset[0] : undefined;
  const top: UnknownRecord = isRecord(record) ? record : {};
  const banners = [top.image1, top.image2, top.image3, top.image4, top.image5]
    .map(text)
    .filter((url) => url.trim() !== '')
    .slice(0, HOME_BANNER_MAX);
  const games = Array.isArray(response.more_game_list) ? response.more_game_list : top.more_game_list;
  return {
    banners,
    notice: text(top.notice),
    androidVersion: text(top.android_version),
    games: compact(games, toMoreGame),
  };
}

/**
 * GET /shop/home_top's answer as the server wrote it into the page for `/`, so the home screen's first render
 * already has its banners; undefined when the page has none or it is not a successful answer.
 */
export function readInlineHomeTop(document: Document): HomeContent | undefined {
  const response = readInlineJson(document, INLINE_HOME_TOP_ELEMENT_ID);
  return isRecord(response) && response.code === 200
    ? parseHomeTop(response as unknown as HomeTopResponse)
    : undefined;
}

/** GET /shop/home_top (no auth): banners, notice, Android version and embedded games. */
export async function fetchHomeTop(client: ApiClient, signal?: AbortSignal): Promise<HomeContent> {
  return parseHomeTop(await client.get<HomeTopResponse>('/shop/home_top', undefined, { signal }));
}

/** GET /shop/products (no auth): one page of the catalogue, optionally filtered by keyword. */
export async function fetchProductPage(
  client: ApiClient,
  query: { page: number; pageSize: number; keyword?: string },
  signal?: AbortSignal,
): Promise<ProductPage> {
  const response = await client.get<Page<ProductDto>>(
    '/shop/products',
    { keyword: query.keyword || undefined, p: query.page, p_size: query.pageSize },
    { signal },
  );
  const page = toProductPage(response);
  if (!page) throw new ApiNetworkError('bad_response');
  return page;
}

/** A products answer as the grid keeps it, or undefined when it has no readable count and list. */
function toProductPage(response: Page<ProductDto>): ProductPage | undefined {
  const count = isRecord(response.page) ? response.page.count : undefined;
  if (typeof count !== 'number' || !Array.isArray(response.queryset)) return undefined;
  return { count, products: compact(response.queryset, toProduct) };
}

/** The first page of the home grid as the server wrote it into the page, if it is there and readable. */
export function readInlineHomeProducts(document: Document): ProductPage | undefined {
  const response = readInlineJson(document, INLINE_HOME_PRODUCTS_ELEMENT_ID);
  return isRecord(response) && response.code === 200
    ? toProductPage(response as unknown as Page<ProductDto>)
    : undefined;
}

/** GET /shop/product?id (no auth): one product; an answer without a readable entry counts as unreadable. */
export async function fetchProduct(client: ApiClient, id: number, signal?: AbortSignal): Promise<ProductDto> {
  const response = await client.get<ProductResponse>('/shop/product', { id }, { signal });
  const product = toProduct(response.entry);
  if (!product) throw new ApiNetworkError('bad_response');
  return product;
}
