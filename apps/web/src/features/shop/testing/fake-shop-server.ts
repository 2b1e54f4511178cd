import type { AddressDto, OrderDto, ProductDto } from '@app/shared';

export {
  callsTo,
  type FakeRoute,
  type RecordedCall,
  settleDialogs,
  stubFakeServer as stubShopServer,
} from '../../../shared/testing/fake-server.ts';

/** A product as GET /shop/product answers it. */
export function fakeProduct(overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    id: 7,
    name: 'Gold bar 10 g',
    price: '65000.00',
    main_image: '/media/products/gold-bar-10g-1.svg',
    image2: '/media/products/gold-bar-10g-2.svg',
    image3: '',
    spec: 'Metal=Gold,Purity=999.9,Weight=10 g',
    stock: 5,
    ...overrides,
  };
}

/** An address as GET /user/addresses answers it. */
export function fakeAddress(overrides: Partial<AddressDto> = {}): AddressDto {
  return {
    id: 11,
    full_name: 'Asha Rao',
    mobile_number: '+919876543210',
    pin_code: '411001',
    state: 'Maharashtra',
    town_city: 'Pune',
    detail_address: '12 MG Road',
    ...overrides,
  };
}

/** An order as GET /user/orders answers it. */
export function fakeOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: 301,
    product_id: 7,
    product_name: 'Gold bar 10 g',
    product_image: '/media/products/gold-bar-10g-1.svg',
    price: '65000.00',
    address: {
      full_name: 'Asha Rao',
      mobile_number: '+919876543210',
      pin_code: '411001',
      state: 'Maharashtra',
      town_city: 'Pune',
      detail_address: '12 MG Road',
    },
    status: 'undelivered',
    // 2025-03-03 10:00 in India.
    create_time: Date.UTC(2025, 2, 3, 4, 30),
    ship_time: null,
    receive_time: null,
    cancel_time: null,
    cancellable: true,
    can_cancel: true,
    // Saturday 2025-03-08 01:30 in India.
    cancel_deadline: Date.UTC(2025, 2, 7, 20, 0),
    ...overrides,
  };
}
