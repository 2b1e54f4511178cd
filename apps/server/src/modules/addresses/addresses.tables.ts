import type { Generated, Selectable } from 'kysely';

/** Tables of migration 0005-orders that hold delivery addresses. */
export interface AddressesTables {
  addresses: AddressesTable;
}

/** A delivery address of one user; orders copy its fields, so deleting it changes no order. */
export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  full_name: string;
  mobile_number: string;
  pin_code: string;
  state: string;
  town_city: string;
  detail_address: string;
  created_at: number;
  updated_at: number;
}

export type AddressRow = Selectable<AddressesTable>;
