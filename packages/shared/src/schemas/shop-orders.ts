import { z } from 'zod';
import { normalizeAddressMobile } from '../postal-codes.ts';
import { PASSWORD_MAX_LENGTH } from './accounts.ts';
import { idFromBody, idFromQuery, optionalIdFromBody, type Page, paginationQuery } from './common.ts';
import { optionalText, requiredText } from './text-field.ts';
import { moneyAmountField } from './wallet.ts';

/**
 * Contracts of the shop's purchase side (spec 01 §2, §3, §7; issue 5): delivery addresses, the buy call,
 * the user's orders, and the operator API of products and orders.
 */

/** A user keeps at most this many delivery addresses. */
export const MAX_ADDRESSES_PER_USER = 20;
/** Bounds of the address fields, in characters after trimming. */
export const ADDRESS_FULL_NAME_MAX_LENGTH = 100;
export const ADDRESS_MOBILE_MAX_LENGTH = 32;
export const ADDRESS_PIN_CODE_MAX_LENGTH = 12;
export const ADDRESS_STATE_MAX_LENGTH = 100;
export const ADDRESS_TOWN_CITY_MAX_LENGTH = 100;
export const ADDRESS_DETAIL_MAX_LENGTH = 300;

/** Bounds of a product as the operator edits it (the columns of migration 0001). */
export const PRODUCT_NAME_MAX_LENGTH = 200;
export const PRODUCT_IMAGE_MAX_LENGTH = 500;
export const PRODUCT_SPEC_MAX_LENGTH = 2000;
/** The largest stock an operator can set; more than any real shop holds of one item. */
export const PRODUCT_MAX_STOCK = 1_000_000;
/** Sort positions an operator can give a product (lower first). */
export const PRODUCT_MAX_SORT_ORDER = 1_000_000;

/**
 * The life of an order: undelivered when bought, unreceived once the operator ships it, success once the
 * user confirms receipt; cancelled when the user cancels it while undelivered (money and stock go back).
 */
export const ORDER_STATUSES = ['undelivered', 'unreceived', 'success', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The tabs of /orderList (All, Undelivered, Unreceived, Success), plus cancelled for completeness. */
export const ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** Server messages of the shop calls; the app may translate them by their text. */
export const ShopMessage = {
  buySucceeded: 'Your buy is successful completed.',
  passwordIncorrect: 'Password is incorrect',
  buyRateLimited: 'Too many purchase attempts, please try again later',
  inventoryTime: 'The mall is taking inventory from 01:30 to 05:30, please buy later',
  soldOut: 'Sold out',
  productNotFound: 'Product not found',
  addressNotFound: 'Address not found',
  addressLimit: `You can keep at most ${MAX_ADDRESSES_PER_USER} addresses`,
  addressSaved: 'Address saved',
  addressDeleted: 'Address deleted',
  orderNotFound: 'Order not found',
  orderNotUndelivered: 'Only undelivered orders can be cancelled',
  orderNotCancellable: 'Customised products cannot be cancelled',
  cancelDeadlinePassed: 'Orders can only be cancelled until 01:30 on Saturday',
  orderCancelled: 'Order cancelled, the money has been refunded to your balance',
  orderNotUnreceived: 'Only shipped orders can be confirmed',
  orderConfirmed: 'Receipt confirmed',
  orderNotShippable: 'Only undelivered orders can be shipped',
  orderShipped: 'Order shipped',
  productCreated: 'Product created',
  productUpdated: 'Product updated',
} as const;

const PIN_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
/** A product image: a path on this server ("/media/products/x.svg") or an https address. */
const IMAGE_PATTERN = /^(\/|https:\/\/)[^\s"'<>\\]+$/;

const addressText = (field: string, max: number) => requiredText(field, { max, displayText: true });

/** POST /user/edit_address: without an id it adds an address, with one it replaces that address's fields. */
export const editAddressBody = z.object({
  id: optionalIdFromBody('id'),
  full_name: addressText('full_name', ADDRESS_FULL_NAME_MAX_LENGTH),
  mobile_number: requiredText('mobile_number', { max: ADDRESS_MOBILE_MAX_LENGTH }).transform((value, ctx) => {
    // Spaces, dashes, dots and brackets between digit groups carry no meaning and are dropped.
    const compact = normalizeAddressMobile(value);
    if (compact) return compact;
    ctx.addIssue({ code: 'custom', message: 'mobile_number must be a phone number of 6 to 15 digits' });
    return z.NEVER;
  }),
  pin_code: requiredText('pin_code', {
    max: ADDRESS_PIN_CODE_MAX_LENGTH,
    pattern: { regex: PIN_CODE_PATTERN, message: 'pin_code must contain only letters, digits, spaces and -' },
  }),
  state: addressText('state', ADDRESS_STATE_MAX_LENGTH),
  town_city: addressText('town_city', ADDRESS_TOWN_CITY_MAX_LENGTH),
  detail_address: addressText('detail_address', ADDRESS_DETAIL_MAX_LENGTH),
});
export type EditAddressBody = z.output<typeof editAddressBody>;

/** GET /user/address?id */
export const addressQuery = z.object({ id: idFromQuery('id') });
/** PUT /user/delete_address {id} */
export const deleteAddressBody = z.object({ id: idFromBody('id') });

/** A delivery address (spec 01 §3). */
export interface AddressDto {
  id: number;
  full_name: string;
  mobile_number: string;
  pin_code: string;
  state: string;
  town_city: string;
  detail_address: string;
}

/** GET /user/addresses: all of the user's addresses (at most MAX_ADDRESSES_PER_USER), newest first. */
export interface AddressListResponse {
  code: 200;
  queryset: AddressDto[];
}

/** GET /user/address and POST /user/edit_address. */
export interface AddressResponse {
  code: 200;
  msg?: string;
  entry: AddressDto;
}

/**
 * POST /user/buy {product_id, address_id, password}. The password is the login password, kept exactly as
 * typed; only its length is bounded.
 */
export const buyBody = z.object({
  product_id: idFromBody('product_id'),
  address_id: idFromBody('address_id'),
  password: requiredText('password', { max: PASSWORD_MAX_LENGTH, trim: false }),
});
export type BuyBody = z.output<typeof buyBody>;

/** The delivery address as it was when the order was placed (later edits of the address do not change it). */
export type OrderAddressDto = Omit<AddressDto, 'id'>;

/**
 * An order of the user. product_name, product_image and price are the product as it was bought. Times are
 * UTC epoch milliseconds (null until the step happened). `cancellable` is false for customised products;
 * `can_cancel` says whether POST /user/cancel_order would succeed now, and `cancel_deadline` is the first
 * Saturday 01:30 market time after the order was placed.
 */
export interface OrderDto {
  id: number;
  product_id: number;
  product_name: string;
  product_image: string;
  price: string;
  address: OrderAddressDto;
  status: OrderStatus;
  create_time: number;
  ship_time: number | null;
  receive_time: number | null;
  cancel_time: number | null;
  cancellable: boolean;
  can_cancel: boolean;
  cancel_deadline: number;
}

/** GET /user/orders?status&p&p_size (status defaults to all). */
export const orderListQuery = paginationQuery.extend({
  status: z
    .enum(ORDER_STATUS_FILTERS, { error: `status must be one of ${ORDER_STATUS_FILTERS.join(', ')}` })
    .optional()
    .default('all'),
});
export type OrderListQuery = z.output<typeof orderListQuery>;
export type OrderListResponse = Page<OrderDto>;

/** POST /user/confirm_order {id} and POST /user/cancel_order {id}. */
export const orderIdBody = z.object({ id: idFromBody('id') });

/** The answer of buy, confirm and cancel: the message and the order as it is now. */
export interface OrderActionResponse {
  code: 200;
  msg: string;
  entry: OrderDto;
}

const imageField = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(PRODUCT_IMAGE_MAX_LENGTH, `${field} must be at most ${PRODUCT_IMAGE_MAX_LENGTH} characters`)
    .refine(
      (value) => value === '' || IMAGE_PATTERN.test(value),
      `${field} must be a path starting with / or an https address`,
    );

const booleanField = (field: string) => z.boolean({ error: `${field} must be true or false` });

const stockField = z
  .number({ error: 'stock must be a whole number' })
  .int('stock must be a whole number')
  .min(0, 'stock must be at least 0')
  .max(PRODUCT_MAX_STOCK, `stock must be at most ${PRODUCT_MAX_STOCK}`);

const sortOrderField = z
  .number({ error: 'sort_order must be a whole number' })
  .int('sort_order must be a whole number')
  .min(0, 'sort_order must be at least 0')
  .max(PRODUCT_MAX_SORT_ORDER, `sort_order must be at most ${PRODUCT_MAX_SORT_ORDER}`);

const productFields = {
  name: requiredText('name', { max: PRODUCT_NAME_MAX_LENGTH, displayText: true }),
  price: moneyAmountField('price'),
  main_image: imageField('main_image').refine((value) => value !== '', 'main_image is required'),
  image2: imageField('image2'),
  image3: imageField('image3'),
  spec: optionalText('spec', { max: PRODUCT_SPEC_MAX_LENGTH }).transform((value) => value ?? ''),
  stock: stockField,
  cancellable: booleanField('cancellable'),
  active: booleanField('active'),
  sort_order: sortOrderField,
};

/**
 * POST /admin/api/products: a new product. price is a decimal string or number in major units; images are
 * paths on this server or https addresses; spec is `k=v,k=v`. cancellable false marks a customised
 * product that cannot be cancelled once bought.
 */
export const adminCreateProductBody = z.object({
  ...productFields,
  image2: productFields.image2.optional().default(''),
  image3: productFields.image3.optional().default(''),
  cancellable: productFields.cancellable.optional().default(true),
  active: productFields.active.optional().default(true),
  sort_order: productFields.sort_order.optional().default(0),
});
export type AdminCreateProductBody = z.output<typeof adminCreateProductBody>;

/** PUT /admin/api/products/:id: any of the fields of a product; those left out keep their value. */
export const adminUpdateProductBody = z
  .object({
    name: productFields.name.optional(),
    price: productFields.price.optional(),
    main_image: productFields.main_image.optional(),
    image2: productFields.image2.optional(),
    image3: productFields.image3.optional(),
    spec: productFields.spec.optional(),
    stock: productFields.stock.optional(),
    cancellable: productFields.cancellable.optional(),
    active: productFields.active.optional(),
    sort_order: productFields.sort_order.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'no product field to change');
export type AdminUpdateProductBody = z.output<typeof adminUpdateProductBody>;

/** The product id in an operator route's path. */
export const adminProductParams = z.object({ id: idFromQuery('id') });
/** GET /admin/api/products?p&p_size: every product, active or not. */
export const adminProductListQuery = paginationQuery;

/** A product as the operator sees it: the public fields plus the flags and times. */
export interface AdminProductDto {
  id: number;
  name: string;
  price: string;
  main_image: string;
  image2: string;
  image3: string;
  spec: string;
  stock: number;
  cancellable: boolean;
  active: boolean;
  sort_order: number;
  create_time: number;
  update_time: number;
}

export interface AdminProductResponse {
  code: 200;
  msg?: string;
  entry: AdminProductDto;
}
export type AdminProductListResponse = Page<AdminProductDto>;

/** GET /admin/api/orders?status&p&p_size: every user's orders, newest first. */
export const adminOrderListQuery = orderListQuery;
/** The order id in an operator route's path (POST /admin/api/orders/:id/ship). */
export const adminOrderParams = z.object({ id: idFromQuery('id') });

/** An order as the operator sees it: the user's view plus who bought it. */
export interface AdminOrderDto extends OrderDto {
  user_id: number;
  user_mobile: string;
}
export type AdminOrderListResponse = Page<AdminOrderDto>;

export interface AdminOrderResponse {
  code: 200;
  msg: string;
  entry: AdminOrderDto;
}
