import {
  type AddressDto,
  type AddressListResponse,
  type AddressResponse,
  type EditAddressBody,
  MAX_ADDRESSES_PER_USER,
  type MarketCode,
  type MessageResponse,
  normalizePostalCode,
  postalCodeMessage,
  ShopMessage,
} from '@app/shared';
import type { AppDatabase } from '../../db/dialect.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, notFound, unauthorized } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { lockUserRow } from '../accounts/accounts.repository.ts';
import {
  type AddressFields,
  countAddresses,
  deleteAddress,
  findAddress,
  insertAddress,
  listAddresses,
  updateAddress,
} from './addresses.repository.ts';
import type { AddressRow } from './addresses.tables.ts';

/** Maps an address row to the spec's address entity. */
export function toAddressDto(row: AddressRow): AddressDto {
  return {
    id: row.id,
    full_name: row.full_name,
    mobile_number: row.mobile_number,
    pin_code: row.pin_code,
    state: row.state,
    town_city: row.town_city,
    detail_address: row.detail_address,
  };
}

function fieldsOf(body: EditAddressBody): AddressFields {
  return {
    full_name: body.full_name,
    mobile_number: body.mobile_number,
    pin_code: body.pin_code,
    state: body.state,
    town_city: body.town_city,
    detail_address: body.detail_address,
  };
}

/** The user's delivery addresses (spec 01 §2 /addressList, /editAddress), every call scoped to its owner. */
export class AddressService {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    /** Postal codes are checked against this market's shape (6 digits for a PIN code, 8 for a CEP...). */
    private readonly market: MarketCode,
  ) {}

  /** GET /user/addresses */
  async list(userId: number): Promise<AddressListResponse> {
    const rows = await listAddresses(this.database.db, userId);
    return { code: 200, queryset: rows.map(toAddressDto) };
  }

  /** GET /user/address?id: another user's address answers 404 like a missing one. */
  async get(userId: number, addressId: number): Promise<AddressResponse> {
    const row = await findAddress(this.database.db, userId, addressId);
    if (!row) throw notFound(ShopMessage.addressNotFound);
    return { code: 200, entry: toAddressDto(row) };
  }

  /** POST /user/edit_address: adds an address (at most MAX_ADDRESSES_PER_USER) or edits one of the user's. */
  async save(userId: number, body: EditAddressBody): Promise<AddressResponse> {
    const now = this.clock.now();
    const pinCode = normalizePostalCode(body.pin_code, this.market);
    // An order ships to this address: a code of the wrong shape never reaches a parcel.
    if (pinCode === null) throw badRequest(postalCodeMessage(this.market));
    const fields = fieldsOf({ ...body, pin_code: pinCode });
    const { id } = body;
    if (id !== undefined) {
      const row = await updateAddress(this.database.db, userId, id, fields, now);
      if (!row) throw notFound(ShopMessage.addressNotFound);
      return { code: 200, msg: ShopMessage.addressSaved, entry: toAddressDto(row) };
    }
    const row = await runInTransaction(this.database, async (trx) => {
      if (!(await lockUserRow(trx, this.database.dialect, userId))) throw unauthorized();
      if ((await countAddresses(trx, userId)) >= MAX_ADDRESSES_PER_USER) {
        throw badRequest(ShopMessage.addressLimit);
      }
      return insertAddress(trx, userId, fields, now);
    });
    return { code: 200, msg: ShopMessage.addressSaved, entry: toAddressDto(row) };
  }

  /** PUT /user/delete_address: orders keep their copy of the address, so deleting is always allowed. */
  async delete(userId: number, addressId: number): Promise<MessageResponse> {
    if (!(await deleteAddress(this.database.db, userId, addressId))) {
      throw notFound(ShopMessage.addressNotFound);
    }
    return { code: 200, msg: ShopMessage.addressDeleted };
  }
}
