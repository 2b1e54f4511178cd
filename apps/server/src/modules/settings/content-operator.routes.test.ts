import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import {
  createTestUser,
  type RegisteredTestUser,
  registerThroughApi,
  tokenHeader,
} from '../accounts/account-fixtures.ts';
import { createEnrolledOperators, type TestOperator } from '../operators/operator-fixtures.ts';
import { OPERATOR_SETTING_CHANGED } from './settings-operator.service.ts';

describeEachDatabase('operator content forms: banners, notices, support contacts', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(Date.UTC(2026, 4, 1));
  let content: TestOperator;
  let finance: TestOperator;
  let player: RegisteredTestUser;

  beforeAll(async () => {
    await createTestUser(database().db, { rCode: 'CONTENTROOT' });
    // Public reads kept for a long time: only the change's own invalidation can make them fresh.
    app = await buildTestApp(database(), { clock, config: { publicReadTtlMs: 3_600_000 } });
    player = await registerThroughApi(app, { rCode: 'CONTENTROOT' });
    ({ content, finance } = await createEnrolledOperators(app, database(), clock, {
      content: { username: 'contentop', role: 'content' },
      finance: { username: 'financeop', role: 'finance' },
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const put = (path: string, payload: object, operator: TestOperator = content) =>
    app.inject({ method: 'PUT', url: `/admin/api/content/${path}`, headers: operator.headers, payload });
  const homeTop = async () => (await app.inject({ method: 'GET', url: '/shop/home_top' })).json().queryset[0];

  it('replaces the banners, and the player home shows them at once', async () => {
    expect((await homeTop()).image1).toBe('');
    const response = await put('banners', {
      banners: ['/media/banners/summer.png', ' https://cdn.example/b2.webp '],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().banners).toEqual(['/media/banners/summer.png', 'https://cdn.example/b2.webp']);
    expect(await homeTop()).toMatchObject({
      image1: '/media/banners/summer.png',
      image2: 'https://cdn.example/b2.webp',
      image3: '',
    });
    // Reordering and removing is one more save of the whole list.
    await put('banners', { banners: ['https://cdn.example/b2.webp'] });
    expect(await homeTop()).toMatchObject({ image1: 'https://cdn.example/b2.webp', image2: '' });
  });

  it('sets the home notice and the colour game notice', async () => {
    const response = await put('notices', {
      home_notice: 'Diwali offers\nall week',
      colour_notice: 'Rounds pause at midnight',
    });
    expect(response.statusCode).toBe(200);
    expect((await homeTop()).notice).toBe('Diwali offers\nall week');
    const get = await app.inject({ method: 'GET', url: '/admin/api/content', headers: content.headers });
    expect(get.json()).toMatchObject({
      home_notice: 'Diwali offers\nall week',
      colour_notice: 'Rounds pause at midnight',
    });
  });

  it('sets the support contacts, which the player profile lists, audited as setting changes', async () => {
    const contacts = [
      { type: 'mobile', value: '+91 98765 43210' },
      { type: 'email', value: 'help@goldshop.example' },
      { type: 'whatsapp', value: '+919876543210' },
      { type: 'telegram', value: '@goldshop_help' },
    ];
    expect((await put('support-contacts', { contacts })).statusCode).toBe(200);
    const profile = await app.inject({
      method: 'GET',
      url: '/user/profile',
      headers: tokenHeader(player.token),
    });
    expect(profile.json().supports).toEqual(contacts);
    const rows = await database()
      .db.selectFrom('audit_log')
      .select('detail_json')
      .where('event', '=', OPERATOR_SETTING_CHANGED)
      .execute();
    const details = rows.map((row) => JSON.parse(row.detail_json));
    expect(details.at(-1)).toEqual({
      operator: 'contentop',
      key: 'support.contacts',
      previous: [],
      value: contacts,
    });
    expect(details.map((detail) => detail.key)).toEqual([
      'home.banners',
      'home.banners',
      'home.notice',
      'colour.notice',
      'support.contacts',
    ]);
  });

  it('answers 400 naming the field to bad input, and keeps what was there', async () => {
    const cases: Array<[string, object, RegExp]> = [
      [
        'banners',
        { banners: ['javascript:alert(1)'] },
        /^banners\.0: image must be a path starting with \/ or an https address/,
      ],
      ['banners', { banners: ['//evil.example/x.png'] }, /^banners\.0: image must be a path/],
      [
        'banners',
        { banners: Array.from({ length: 6 }, (_, index) => `/media/b${index}.png`) },
        /^banners must have at most 5/,
      ],
      ['banners', { banners: 'not a list' }, /^banners must be a list/],
      ['notices', { home_notice: 'x'.repeat(5001), colour_notice: '' }, /^home_notice must be at most 5000/],
      [
        'notices',
        { home_notice: 'ok', colour_notice: 'bell\u0007' },
        /^colour_notice must not contain control characters/,
      ],
      ['notices', { home_notice: 'ok' }, /^colour_notice/],
      [
        'support-contacts',
        { contacts: [{ type: 'email', value: 'not-an-address' }] },
        /^contacts\.0\.value: must be an email address/,
      ],
      [
        'support-contacts',
        { contacts: [{ type: 'mobile', value: '12' }] },
        /^contacts\.0\.value: must be a phone number/,
      ],
      [
        'support-contacts',
        { contacts: [{ type: 'whatsapp', value: 'call me' }] },
        /^contacts\.0\.value: must be a phone number/,
      ],
      [
        'support-contacts',
        { contacts: [{ type: 'telegram', value: 'ab' }] },
        /^contacts\.0\.value: must be a Telegram/,
      ],
      [
        'support-contacts',
        { contacts: [{ type: 'fax', value: '+911234567' }] },
        /^contacts\.0\.type: type must be one of/,
      ],
    ];
    for (const [path, payload, message] of cases) {
      const response = await put(path, payload);
      expect({ path, status: response.statusCode }).toEqual({ path, status: 400 });
      expect(response.json().msg).toMatch(message);
    }
    expect((await homeTop()).image1).toBe('https://cdn.example/b2.webp');
  });

  it('is for the content role: finance may not change it', async () => {
    expect((await put('banners', { banners: [] }, finance)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/admin/api/content', headers: finance.headers })).statusCode,
    ).toBe(403);
  });

  it('holds the raw settings route to the same rules', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/admin/api/settings/support.contacts',
      headers: content.headers,
      payload: { value: [{ type: 'email', value: 'nope' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^value\.0\.value: must be an email address/);
  });
});
