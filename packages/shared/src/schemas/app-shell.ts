/**
 * The page the server sends for `/` carries the answers the web app's first render needs, each in a JSON data
 * block (`<script type="application/json" id="…">`, never run by the browser), so that render waits for no
 * call. These are the blocks' ids. (A module without zod, so the app's first load can import it.)
 */

/** GET /app/config's answer: the market and the development tools flag. */
export const INLINE_APP_CONFIG_ELEMENT_ID = 'app-config';

/** GET /shop/home_top's answer: the home screen's banners, notice and games. */
export const INLINE_HOME_TOP_ELEMENT_ID = 'shop-home-top';

/** GET /shop/products?p=1&p_size=HOME_PRODUCT_PAGE_SIZE's answer: the first page of the home screen's grid. */
export const INLINE_HOME_PRODUCTS_ELEMENT_ID = 'shop-home-products';

/** Products per page of the home grid and its infinite scroll. */
export const HOME_PRODUCT_PAGE_SIZE = 10;
