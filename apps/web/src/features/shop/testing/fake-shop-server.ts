import type { AddressDto, OrderDto, ProductDto } from '@app/shared';
import { waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/** One request the fake server received. */
export interface RecordedCall {
  path: string;
  method: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** Answers a request: an envelope (its code becomes the HTTP status), or an Error to fail the connection. */
export type FakeRoute = (call: RecordedCall) => unknown;

/**
 * Stubs `fetch` with a server that answers by path (`/user/buy`) or by method and path (`POST /user/buy`),
 * and records every call with its body and headers. Unknown paths answer 404.
 */
export function stubShopServer(routes: Record<string, FakeRoute>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const call: RecordedCall = {
        path: url.pathname,
        method,
        query: url.searchParams,
        body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {},
        headers: { ...(init?.headers as Record<string, string> | undefined) },
      };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
      const body = route ? route(call) : { code: 404, msg: 'Not found' };
      if (body instanceof Error) throw body;
      const status = typeof body === 'object' && body !== null && 'code' in body ? Number(body.code) : 200;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** The calls to one path (and method, when given). */
export function callsTo(calls: readonly RecordedCall[], path: string, method?: string): RecordedCall[] {
  return calls.filter((call) => call.path === path && (method === undefined || call.method === method));
}

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

/** Whether an antd dialog has finished closing: its body is faded out (opacity 0). */
function isClosedDialog(dialog: Element): boolean {
  const body = dialog.firstElementChild;
  return body instanceof HTMLElement && body.style.opacity === '0';
}

/**
 * Waits for the dialogs a test opened to finish closing, then takes away the closed ones. In jsdom an
 * imperative antd dialog closed while its screen unmounts sometimes fades out but is never removed; left in
 * the page, its buttons and text would leak into the next test.
 */
export async function settleDialogs(): Promise<void> {
  await waitFor(() => {
    const open = [...document.querySelectorAll('[role="dialog"]')].filter(
      (dialog) => !isClosedDialog(dialog),
    );
    expect(open).toHaveLength(0);
  });
  for (const dialog of document.querySelectorAll('[role="dialog"]')) {
    dialog.closest('.adm-center-popup')?.parentElement?.remove();
  }
}
