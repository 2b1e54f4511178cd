import { MAX_ADDRESSES_PER_USER, ShopMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { addAddress, addressBody, createBuyer, type TestBuyer } from '../orders/order-fixtures.ts';

describeEachDatabase('address routes', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(Date.UTC(2025, 2, 5, 6, 30));
  let owner: TestBuyer;
  let stranger: TestBuyer;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
    owner = await createBuyer(database(), clock);
    stranger = await createBuyer(database(), clock);
  });
  afterAll(async () => {
    await app?.close();
  });

  const request = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    buyer: TestBuyer | null,
    payload?: Record<string, unknown>,
  ) =>
    app.inject({
      method,
      url,
      headers: buyer ? buyer.headers : {},
      ...(payload === undefined ? {} : { payload }),
    });
  const addressCount = async (userId: number) =>
    Number(
      (
        await database()
          .db.selectFrom('addresses')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('answers 401 on every call without a live session', async () => {
    for (const [method, url] of [
      ['GET', '/user/addresses'],
      ['GET', '/user/address?id=1'],
      ['POST', '/user/edit_address'],
      ['PUT', '/user/delete_address'],
    ] as const) {
      const response = await request(method, url, null, method === 'GET' ? undefined : addressBody());
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(401);
    }
  });

  it('adds an address without an id, trimming the fields, and lists it', async () => {
    const response = await request(
      'POST',
      '/user/edit_address',
      owner,
      addressBody({ full_name: '  Asha Rao  ', pin_code: ' 560001 ', id: '' }),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      code: 200,
      msg: ShopMessage.addressSaved,
      entry: {
        id: expect.any(Number),
        full_name: 'Asha Rao',
        mobile_number: '+919876543210',
        pin_code: '560001',
        state: 'Karnataka',
        town_city: 'Bengaluru',
        detail_address: '12 MG Road, 2nd floor',
      },
    });
    const list = await request('GET', '/user/addresses?t=1700000000000', owner);
    expect(list.json()).toEqual({ code: 200, queryset: [body.entry] });
    const one = await request('GET', `/user/address?id=${body.entry.id}`, owner);
    expect(one.json()).toEqual({ code: 200, entry: body.entry });
  });

  it('edits an address in place when the id is given', async () => {
    const id = await addAddress(app, owner, { full_name: 'Before' });
    const response = await request(
      'POST',
      '/user/edit_address',
      owner,
      addressBody({ id, full_name: 'After', town_city: 'Mysuru' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().entry).toMatchObject({ id, full_name: 'After', town_city: 'Mysuru' });
    const stored = await database()
      .db.selectFrom('addresses')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.full_name).toBe('After');
    expect(Number(stored.user_id)).toBe(owner.userId);
  });

  it('lists the newest address first and only the owner’s', async () => {
    const older = await addAddress(app, owner, { full_name: 'Older' });
    const newer = await addAddress(app, owner, { full_name: 'Newer' });
    await addAddress(app, stranger, { full_name: 'Stranger' });
    const ids = (await request('GET', '/user/addresses', owner))
      .json()
      .queryset.map((row: { id: number }) => row.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const strangerList = (await request('GET', '/user/addresses', stranger)).json().queryset;
    expect(strangerList.map((row: { full_name: string }) => row.full_name)).toEqual(['Stranger']);
  });

  it('answers 404 for another user’s address on read, edit and delete, and changes nothing', async () => {
    const id = await addAddress(app, owner, { full_name: 'Mine' });
    const read = await request('GET', `/user/address?id=${id}`, stranger);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ code: 404, msg: ShopMessage.addressNotFound });
    const edit = await request(
      'POST',
      '/user/edit_address',
      stranger,
      addressBody({ id, full_name: 'Stolen' }),
    );
    expect(edit.statusCode).toBe(404);
    const remove = await request('PUT', '/user/delete_address', stranger, { id });
    expect(remove.statusCode).toBe(404);
    const stored = await database()
      .db.selectFrom('addresses')
      .select('full_name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.full_name).toBe('Mine');
  });

  it('answers 404 for an unknown id', async () => {
    expect((await request('GET', '/user/address?id=999999999', owner)).statusCode).toBe(404);
    expect((await request('PUT', '/user/delete_address', owner, { id: 2_147_483_647 })).statusCode).toBe(404);
    expect(
      (await request('POST', '/user/edit_address', owner, addressBody({ id: 2_147_483_647 }))).statusCode,
    ).toBe(404);
  });

  it('deletes an address of the owner once', async () => {
    const id = await addAddress(app, owner, { full_name: 'Temporary' });
    const first = await request('PUT', '/user/delete_address', owner, { id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 200, msg: ShopMessage.addressDeleted });
    expect((await request('GET', `/user/address?id=${id}`, owner)).statusCode).toBe(404);
    expect((await request('PUT', '/user/delete_address', owner, { id })).statusCode).toBe(404);
  });

  it.each([
    [{ full_name: undefined }, 'full_name is required'],
    [{ full_name: '   ' }, 'full_name is required'],
    [{ full_name: 'x'.repeat(10_000) }, 'full_name must be at most 100 characters'],
    [{ full_name: 'A\u0000B' }, 'full_name must not contain control characters'],
    [{ full_name: 'A\u202eB' }, 'full_name must not contain invisible formatting characters'],
    [{ full_name: 42 }, 'full_name must be text'],
    [{ mobile_number: 'call me' }, 'mobile_number must be a phone number of 6 to 15 digits'],
    [{ mobile_number: '' }, 'mobile_number is required'],
    [{ pin_code: '5600#1' }, 'pin_code must contain only letters, digits, spaces and -'],
    [{ pin_code: '1'.repeat(13) }, 'pin_code must be at most 12 characters'],
    // A PIN code has six digits in India (MARKET=in): a short one never reaches a parcel.
    [{ pin_code: '12' }, 'pin_code must be 6 digits'],
    [{ pin_code: '5600011' }, 'pin_code must be 6 digits'],
    [{ state: null }, 'state is required'],
    [{ town_city: 'x'.repeat(101) }, 'town_city must be at most 100 characters'],
    [{ detail_address: 'line one\nline two' }, 'detail_address must not contain control characters'],
    [{ detail_address: 'x'.repeat(301) }, 'detail_address must be at most 300 characters'],
    [{ id: -1 }, 'id must be a positive whole number'],
    [{ id: 99_999_999_999 }, 'id must be a positive whole number'],
    [{ id: 'abc' }, 'id must be a positive whole number'],
  ])('answers 400 for %j and stores nothing', async (overrides, message) => {
    const before = await addressCount(owner.userId);
    const response = await request('POST', '/user/edit_address', owner, addressBody(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: message });
    expect(await addressCount(owner.userId)).toBe(before);
  });

  it.each([
    ['/user/address', 400, 'id must be a whole number'],
    ['/user/address?id=0', 400, 'id must be at least 1'],
    ['/user/address?id=-5', 400, 'id must be a whole number'],
    ['/user/address?id=99999999999', 400, 'id must be a whole number'],
  ])('answers %s with %i', async (url, status, message) => {
    const response = await request('GET', url, owner);
    expect(response.statusCode).toBe(status);
    expect(response.json().msg).toContain(message);
  });

  it('answers 400 for a delete without a usable id', async () => {
    for (const payload of [{}, { id: -3 }, { id: 'x' }, { id: 1.5 }]) {
      const response = await request('PUT', '/user/delete_address', owner, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toMatch(/^id /);
    }
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_USER} addresses per user, even when they are added at once`, async () => {
    const collector = await createBuyer(database(), clock);
    const responses = await Promise.all(
      Array.from({ length: MAX_ADDRESSES_PER_USER + 5 }, (_unused, index) =>
        request('POST', '/user/edit_address', collector, addressBody({ full_name: `Home ${index}` })),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_ADDRESSES_PER_USER);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(refused).toHaveLength(5);
    for (const response of refused) {
      expect(response.json()).toEqual({ code: 400, msg: ShopMessage.addressLimit });
    }
    expect(await addressCount(collector.userId)).toBe(MAX_ADDRESSES_PER_USER);
    // Editing stays possible at the limit; adding again becomes possible after a delete.
    const [first] = (await request('GET', '/user/addresses', collector)).json().queryset;
    const edit = await request('POST', '/user/edit_address', collector, addressBody({ id: first.id }));
    expect(edit.statusCode).toBe(200);
    await request('PUT', '/user/delete_address', collector, { id: first.id });
    expect((await request('POST', '/user/edit_address', collector, addressBody())).statusCode).toBe(200);
  });
});
