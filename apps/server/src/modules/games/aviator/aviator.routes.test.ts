import { ServerMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../../../platform/clock.ts';
import { buildTestApp } from '../../../test-support/test-app.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { createTestUser, tokenHeader } from '../../accounts/account-fixtures.ts';
import { SessionService } from '../../accounts/session.service.ts';
import { adminTokenHeaders } from '../../operators/operator-fixtures.ts';

const ADMIN_TOKEN = 'aviator-operator-token-0123456789';

describeEachDatabase('aviator calls', (database) => {
  let app: FastifyInstance;
  let earlyToken: string;
  let lateToken: string;

  beforeAll(async () => {
    app = await buildTestApp(database(), {
      clock: new ManualClock(Date.parse('2026-02-01T00:00:00Z')),
      config: { adminToken: ADMIN_TOKEN },
    });
    const sessions = new SessionService(database().db, systemClock);
    const early = await createTestUser(database().db, {
      rCode: 'AVR001',
      mobile: '+917700000001',
      now: Date.now(),
    });
    await database().db.updateTable('users').set({ is_early: 1 }).where('id', '=', early).execute();
    const late = await createTestUser(database().db, {
      rCode: 'AVR002',
      mobile: '+917700000002',
      now: Date.now(),
    });
    earlyToken = await sessions.create({ userId: early, deviceId: null, ip: null });
    lateToken = await sessions.create({ userId: late, deviceId: null, ip: null });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the records of an early user, and 403 without early access, 401 without a token', async () => {
    const records = await app.inject({
      url: '/aviator/user_records?p=1&p_size=10',
      headers: tokenHeader(earlyToken),
    });
    expect(records.json()).toEqual({ code: 200, page: { count: 0 }, queryset: [] });
    const refused = await app.inject({ url: '/aviator/user_records', headers: tokenHeader(lateToken) });
    expect(refused.statusCode).toBe(403);
    // The shared early-access guard answers, from the flag read with the session.
    expect(refused.json()).toEqual({ code: 403, msg: ServerMessage.earlyAccessRequired });
    const detail = await app.inject({
      url: '/aviator/round_detail?period=123',
      headers: tokenHeader(lateToken),
    });
    expect(detail.statusCode).toBe(403);
    expect((await app.inject({ url: '/aviator/user_records' })).statusCode).toBe(401);
  });

  it('validates the period of round_detail (400 naming it) and answers 404 for an unknown round', async () => {
    const bad = await app.inject({
      url: '/aviator/round_detail?period=abc',
      headers: tokenHeader(earlyToken),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/period/);
    const unknown = await app.inject({
      url: '/aviator/round_detail?period=123',
      headers: tokenHeader(earlyToken),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists rounds for the operator only', async () => {
    expect((await app.inject({ url: '/admin/api/aviator/rounds' })).statusCode).toBe(401);
    const listed = await app.inject({
      url: '/admin/api/aviator/rounds?p=1&p_size=5',
      headers: adminTokenHeaders(ADMIN_TOKEN),
    });
    expect(listed.json()).toEqual({ code: 200, page: { count: 0 }, queryset: [] });
  });

  it('answers a plain request on the socket path with 401 without a token and 426 with one', async () => {
    expect((await app.inject({ url: '/ws/aviator' })).statusCode).toBe(401);
    expect((await app.inject({ url: `/ws/aviator?token=${earlyToken}` })).statusCode).toBe(426);
  });
});
