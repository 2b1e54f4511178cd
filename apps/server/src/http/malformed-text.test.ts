import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminTokenHeaders } from '../modules/operators/operator-fixtures.ts';
import { createBuyer, type TestBuyer } from '../modules/orders/order-fixtures.ts';
import { systemClock } from '../platform/clock.ts';
import { buildTestApp } from '../test-support/test-app.ts';
import { describeEachDatabase } from '../test-support/test-database.ts';
import { MALFORMED_BODY_MESSAGE } from './strict-json-body.ts';

const ADMIN_TOKEN = 'malformed-text-operator-token-01';
/** A lone high surrogate as JSON writes it: valid JSON, but half of a character. */
const LONE_SURROGATE = '\\ud800';
/** The replacement character a lossy decoder leaves where bytes were not UTF-8. */
const REPLACEMENT = '\\ufffd';

const ADDRESS = {
  full_name: 'Asha Rao',
  mobile_number: '+919876543210',
  pin_code: '411001',
  state: 'Maharashtra',
  town_city: 'Pune',
  detail_address: '12 MG Road',
};
const BANK_CARD = {
  actual_name: 'Asha Rao',
  ifsc_code: 'HDFC0000123',
  bank_name: 'HDFC Bank',
  account_number: '12345678901',
  province: 'Maharashtra',
  city: 'Pune',
  address: '12 MG Road',
  mobile_number: '+919876543210',
  email: 'asha@example.com',
  upi_account: 'asha@upi',
};

/** A JSON body with one string field replaced by raw JSON text (an escape that JSON.stringify would not write). */
function bodyWith(fields: Record<string, string>, field: string, rawJsonString: string): string {
  return JSON.stringify({ ...fields, [field]: '@@' }).replace('"@@"', `"${rawJsonString}"`);
}

describeEachDatabase('malformed text', (database) => {
  let app: FastifyInstance;
  let user: TestBuyer;

  beforeAll(async () => {
    app = await buildTestApp(database(), { config: { adminToken: ADMIN_TOKEN } });
    user = await createBuyer(database(), systemClock);
  });
  afterAll(async () => app?.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: string | Buffer, headers = user.headers) =>
    app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload });
  const storedNickName = async () =>
    (
      await database()
        .db.selectFrom('users')
        .select('nick_name')
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow()
    ).nick_name;

  it('refuses a JSON body that is not valid UTF-8 with 400, and stores nothing', async () => {
    const before = await storedNickName();
    // "Asha" followed by 0xFF, which no UTF-8 sequence contains; Node would decode it to U+FFFD.
    const payload = Buffer.concat([
      Buffer.from('{"nick_name":"Asha', 'utf8'),
      Buffer.from([0xff]),
      Buffer.from('"}', 'utf8'),
    ]);
    const response = await send('POST', '/user/change_nick_name', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: MALFORMED_BODY_MESSAGE });
    // An overlong encoding and a truncated sequence are malformed too.
    for (const bytes of [
      [0xc0, 0xaf],
      [0xe2, 0x82],
    ]) {
      const malformed = Buffer.concat([
        Buffer.from('{"nick_name":"A', 'utf8'),
        Buffer.from(bytes),
        Buffer.from('"}', 'utf8'),
      ]);
      expect((await send('POST', '/user/change_nick_name', malformed)).statusCode).toBe(400);
    }
    expect(await storedNickName()).toBe(before);
    // Valid UTF-8 beyond ASCII is text like any other.
    const ok = await send('POST', '/user/change_nick_name', JSON.stringify({ nick_name: 'Ásha 金 😀' }));
    expect(ok.statusCode).toBe(200);
    expect(await storedNickName()).toBe('Ásha 金 😀');
  });

  it('refuses lone surrogates and replacement characters in every stored text field with 400', async () => {
    const before = await storedNickName();
    for (const raw of [LONE_SURROGATE, '\\udc00x', `A${REPLACEMENT}`]) {
      const nick = await send('POST', '/user/change_nick_name', bodyWith({}, 'nick_name', raw));
      expect(nick.statusCode, raw).toBe(400);
      expect(nick.json().msg).toBe('nick_name must be valid text (it contains malformed characters)');
    }
    expect(await storedNickName()).toBe(before);

    for (const field of ['full_name', 'detail_address', 'town_city', 'state']) {
      const response = await send(
        'POST',
        '/user/edit_address',
        bodyWith(ADDRESS, field, `x${LONE_SURROGATE}`),
      );
      expect(response.statusCode, field).toBe(400);
      expect(response.json().msg).toBe(`${field} must be valid text (it contains malformed characters)`);
    }
    const addresses = await app.inject({ method: 'GET', url: '/user/addresses', headers: user.headers });
    expect(addresses.json().queryset).toEqual([]);

    for (const field of ['actual_name', 'bank_name', 'city', 'address']) {
      const response = await send('POST', '/user/edit_bank_card', bodyWith(BANK_CARD, field, REPLACEMENT));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().msg).toBe(`${field} must be valid text (it contains malformed characters)`);
    }
    const cards = await database()
      .db.selectFrom('bank_cards')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(cards).toEqual([]);
  });

  it('refuses nicknames that pass for another (tag characters, noncharacters, no-break spaces) and stores the NFKC form', async () => {
    const before = await storedNickName();
    for (const nickName of [
      'Admin\u{E0041}',
      'Admin\uFFFF',
      'Ad\uFDD0min',
      'Gold\u00A0Fan',
      'Admin\u202F',
      'Ad\u00ADmin',
    ]) {
      const response = await send('POST', '/user/change_nick_name', JSON.stringify({ nick_name: nickName }));
      expect(response.statusCode, JSON.stringify(nickName)).toBe(400);
      expect(response.json().msg).toBe(
        'nick_name must not contain invisible characters, no-break spaces or noncharacters',
      );
    }
    expect(await storedNickName()).toBe(before);
    const fullWidth = await send(
      'POST',
      '/user/change_nick_name',
      JSON.stringify({ nick_name: 'Ｇｏｌｄ ﬁsh' }),
    );
    expect(fullWidth.statusCode).toBe(200);
    expect(await storedNickName()).toBe('Gold fish');
  });

  it("refuses malformed text in an operator's setting", async () => {
    const operator = adminTokenHeaders(ADMIN_TOKEN);
    const notice = await send(
      'PUT',
      '/admin/api/settings/home.notice',
      `{"value":"Sale ${LONE_SURROGATE}"}`,
      operator,
    );
    expect(notice.statusCode).toBe(400);
    expect(notice.json().msg).toBe('value must be valid text (it contains malformed characters)');
    const contacts = await send(
      'PUT',
      '/admin/api/settings/support.contacts',
      `{"value":[{"type":"email","value":"help${REPLACEMENT}@example.com"}]}`,
      operator,
    );
    expect(contacts.statusCode).toBe(400);
    const fine = await send('PUT', '/admin/api/settings/home.notice', '{"value":"Diwali sale 🪔"}', operator);
    expect(fine.statusCode).toBe(200);
  });
});
