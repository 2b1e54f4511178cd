import { z } from 'zod';
import { idFromQuery, paginationQuery } from './common.ts';
import { optionalText } from './text-field.ts';

/** Product search keywords are short; a longer one is refused rather than scanned. */
export const MAX_KEYWORD_LENGTH = 100;

/**
 * The keyword goes through the shared text-field checks like every other free text: a control character
 * (NUL above all, which PostgreSQL refuses in text) is bad input naming `keyword`, never a database error.
 * A blank keyword means "no filter".
 */
export const productListQuery = paginationQuery.extend({
  keyword: optionalText('keyword', { max: MAX_KEYWORD_LENGTH }),
});
export type ProductListQuery = z.output<typeof productListQuery>;

/** GET /shop/product?id: one product. */
export const productQuery = z.object({ id: idFromQuery('id') });

/** A product as the app reads it (spec 01 §3); price is a decimal string in major units. */
export interface ProductDto {
  id: number;
  name: string;
  price: string;
  main_image: string;
  image2: string;
  image3: string;
  spec: string;
  stock: number;
}

export interface MoreGameDto {
  game_id: number;
  name: string;
  image: string;
}

/** The first (and only) item of GET /shop/home_top's queryset. */
export interface HomeTopDto {
  image1: string;
  image2: string;
  image3: string;
  image4: string;
  image5: string;
  notice: string;
  android_version: string;
  more_game_list: MoreGameDto[];
}

export interface HomeTopResponse {
  code: 200;
  queryset: HomeTopDto[];
  more_game_list: MoreGameDto[];
}

/** Parses a product's `k=v,k=v` specification into ordered rows for the detail table. */
export function parseProductSpec(spec: string): Array<{ key: string; value: string }> {
  return spec
    .split(',')
    .map((pair) => pair.trim())
    .filter((pair) => pair.length > 0)
    .map((pair) => {
      const separator = pair.indexOf('=');
      return separator < 0
        ? { key: pair, value: '' }
        : { key: pair.slice(0, separator).trim(), value: pair.slice(separator + 1).trim() };
    });
}
