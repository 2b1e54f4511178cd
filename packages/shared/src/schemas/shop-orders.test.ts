import { describe, expect, it } from 'vitest';
import {
  adminCreateProductBody,
  adminUpdateProductBody,
  buyBody,
  editAddressBody,
  orderListQuery,
} from './shop-orders.ts';

const address = {
  full_name: ' Asha Rao ',
  mobile_number: '+91 98765-43210',
  pin_code: '560001',
  state: 'Karnataka',
  town_city: 'Bengaluru',
  detail_address: '12 MG Road',
};

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('editAddressBody', () => {
  it('trims the fields and compacts the phone number', () => {
    expect(editAddressBody.parse(address)).toEqual({
      full_name: 'Asha Rao',
      mobile_number: '+919876543210',
      pin_code: '560001',
      state: 'Karnataka',
      town_city: 'Bengaluru',
      detail_address: '12 MG Road',
    });
  });

  it.each([undefined, null, '', 0, '0'])('reads id %j as a new address', (id) => {
    expect(editAddressBody.parse({ ...address, id }).id).toBeUndefined();
  });

  it.each([
    [7, 7],
    ['7', 7],
    [' 12 ', 12],
  ])('reads id %j as %i', (id, expected) => {
    expect(editAddressBody.parse({ ...address, id }).id).toBe(expected);
  });

  it.each([-1, 1.5, 'abc', 2_147_483_648, true, {}])('refuses id %j', (id) => {
    const result = editAddressBody.safeParse({ ...address, id });
    expect(firstMessage(result)).toBe('id must be a positive whole number');
  });

  it.each([
    ['pin_code', '01310-100'],
    ['pin_code', 'SW1A 1AA'],
    ['mobile_number', '(55) 11 91234-5678'],
  ])('accepts %s %j of another market', (field, value) => {
    expect(editAddressBody.safeParse({ ...address, [field]: value }).success).toBe(true);
  });

  it.each([
    ['mobile_number', '12345', 'mobile_number must be a phone number of 6 to 15 digits'],
    ['mobile_number', '+1234567890123456', 'mobile_number must be a phone number of 6 to 15 digits'],
    ['pin_code', '-123', 'pin_code must contain only letters, digits, spaces and -'],
    ['state', '\u200bKarnataka', 'state must not contain invisible formatting characters'],
    ['detail_address', 'x'.repeat(10_000), 'detail_address must be at most 300 characters'],
  ])('refuses %s %j', (field, value, message) => {
    expect(firstMessage(editAddressBody.safeParse({ ...address, [field]: value }))).toBe(message);
  });
});

describe('buyBody', () => {
  it('keeps the password exactly as typed and reads ids from numbers or digit strings', () => {
    expect(buyBody.parse({ product_id: '3', address_id: 4, password: ' secret ' })).toEqual({
      product_id: 3,
      address_id: 4,
      password: ' secret ',
    });
  });

  it('refuses a missing password', () => {
    expect(firstMessage(buyBody.safeParse({ product_id: 3, address_id: 4 }))).toBe('password is required');
  });
});

describe('orderListQuery', () => {
  it('defaults to all statuses on the first page', () => {
    expect(orderListQuery.parse({})).toEqual({ status: 'all', p: 1, p_size: 10 });
  });

  it('refuses an unknown status', () => {
    expect(firstMessage(orderListQuery.safeParse({ status: 'shipped' }))).toBe(
      'status must be one of all, undelivered, unreceived, success, cancelled',
    );
  });
});

describe('product bodies of the operator', () => {
  it('fills the defaults of a new product and converts the price to minor units', () => {
    expect(
      adminCreateProductBody.parse({ name: 'Coin', price: '12.5', main_image: '/media/c.svg', stock: 1 }),
    ).toEqual({
      name: 'Coin',
      price: 1_250,
      main_image: '/media/c.svg',
      image2: '',
      image3: '',
      spec: '',
      stock: 1,
      cancellable: true,
      active: true,
      sort_order: 0,
    });
  });

  it('keeps only the fields given in an edit and refuses an empty one', () => {
    expect(adminUpdateProductBody.parse({ stock: 0, active: false })).toEqual({ stock: 0, active: false });
    expect(firstMessage(adminUpdateProductBody.safeParse({}))).toBe('no product field to change');
    expect(firstMessage(adminUpdateProductBody.safeParse({ main_image: '' }))).toBe('main_image is required');
  });
});
