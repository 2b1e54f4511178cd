import type { AddressDto, AddressListResponse, AddressResponse, MessageResponse } from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';
import { ApiNetworkError } from '../../../shared/api/api-errors.ts';

/** The fields of an address the player types (spec 01 §3 "Address"), as sent to POST /user/edit_address. */
export type AddressFields = Omit<AddressDto, 'id'>;

/** The field names in the order the form shows them. */
export const ADDRESS_FIELD_NAMES = [
  'full_name',
  'mobile_number',
  'pin_code',
  'state',
  'town_city',
  'detail_address',
] as const satisfies ReadonlyArray<keyof AddressFields>;

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Reads one address; null when it has no id, so an unreadable row is left out rather than shown broken. */
export function toAddress(value: unknown): AddressDto | null {
  if (!isRecord(value) || typeof value.id !== 'number') return null;
  return {
    id: value.id,
    full_name: text(value.full_name),
    mobile_number: text(value.mobile_number),
    pin_code: text(value.pin_code),
    state: text(value.state),
    town_city: text(value.town_city),
    detail_address: text(value.detail_address),
  };
}

/** One line for the street part and the place part of an address ("12 MG Road, Pune, Maharashtra 411001"). */
export function addressLine(address: AddressFields): string {
  const place = [address.town_city, [address.state, address.pin_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.detail_address, place].filter(Boolean).join(', ');
}

/** GET /user/addresses: the player's addresses, newest first. */
export async function fetchAddresses(client: ApiClient, signal?: AbortSignal): Promise<AddressDto[]> {
  const response = await client.get<AddressListResponse>('/user/addresses', undefined, { signal });
  if (!Array.isArray(response.queryset)) throw new ApiNetworkError('bad_response');
  return response.queryset.map(toAddress).filter((address): address is AddressDto => address !== null);
}

/** GET /user/address?id: one of the player's addresses (another player's answers 404). */
export async function fetchAddress(client: ApiClient, id: number, signal?: AbortSignal): Promise<AddressDto> {
  const response = await client.get<AddressResponse>('/user/address', { id }, { signal });
  const address = toAddress(response.entry);
  if (!address) throw new ApiNetworkError('bad_response');
  return address;
}

/**
 * POST /user/edit_address: without an id it adds the address, with one it edits it. The fields go as
 * typed; the server trims and checks them and answers a message when one is wrong.
 */
export async function saveAddress(
  client: ApiClient,
  fields: AddressFields,
  id: number | null,
): Promise<{ msg: string; address: AddressDto | null }> {
  const body = id === null ? fields : { id, ...fields };
  const response = await client.post<AddressResponse>('/user/edit_address', body);
  return { msg: typeof response.msg === 'string' ? response.msg : '', address: toAddress(response.entry) };
}

/** PUT /user/delete_address {id}; resolves with the server's message. */
export async function deleteAddress(client: ApiClient, id: number): Promise<string> {
  const response = await client.put<MessageResponse>('/user/delete_address', { id });
  return response.msg;
}
