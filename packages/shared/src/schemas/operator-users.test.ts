import { describe, expect, it } from 'vitest';
import {
  OperatorUserMessage,
  operatorUserFlagsBody,
  operatorUserListQuery,
  operatorUserParams,
} from './operator-users.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('operatorUserListQuery', () => {
  const query = operatorUserListQuery('in');

  it('defaults the page and reads blank filters as absent', () => {
    expect(query.parse({})).toEqual({ p: 1, p_size: 10 });
    expect(query.parse({ mobile: '', user_id: '' })).toEqual({ p: 1, p_size: 10 });
  });

  it('normalises the mobile number the way login does', () => {
    for (const typed of ['+91 98765-43210', '9876543210', '09876543210', '919876543210']) {
      expect(query.parse({ mobile: typed }).mobile).toBe('+919876543210');
    }
    expect(operatorUserListQuery('pt').parse({ mobile: '11 98765 4321' }).mobile).toBe('+5511987654321');
  });

  it('reads the user id and the page', () => {
    expect(query.parse({ user_id: '42', p: '3', p_size: '100' })).toEqual({ user_id: 42, p: 3, p_size: 100 });
  });

  it.each([
    [{ p_size: '0' }, 'p_size must be at least 1'],
    [{ p_size: '101' }, 'p_size must be at most 100'],
    [{ p_size: 'abc' }, 'p_size must be a whole number'],
    [{ user_id: '-1' }, 'user_id must be a whole number'],
    [{ user_id: '1000000000000' }, 'user_id must be a whole number'],
    [{ user_id: 'x' }, 'user_id must be a whole number'],
    [{ mobile: '+55 11 98765 4321' }, 'mobile must be a +91 mobile number'],
    [{ mobile: '12345' }, 'mobile must be a valid mobile number'],
    [{ mobile: '9'.repeat(10_000) }, 'mobile must be at most 32 characters'],
  ])('refuses %j naming the field', (input, message) => {
    expect(firstMessage(query.safeParse(input))).toBe(message);
  });
});

describe('operatorUserParams', () => {
  it('reads a positive id and refuses anything else naming id', () => {
    expect(operatorUserParams.parse({ id: '7' })).toEqual({ id: 7 });
    for (const id of ['-1', '0', 'x', '1000000000000', '1.5']) {
      expect(firstMessage(operatorUserParams.safeParse({ id }))).toMatch(/^id must be/);
    }
  });
});

describe('operatorUserFlagsBody', () => {
  it('keeps the flags that were given', () => {
    expect(operatorUserFlagsBody.parse({ is_early: true })).toEqual({ is_early: true });
    expect(
      operatorUserFlagsBody.parse({ is_early: false, is_transfer_enable: true, event_gift_enable: false }),
    ).toEqual({ is_early: false, is_transfer_enable: true, event_gift_enable: false });
  });

  it.each([
    [{}, OperatorUserMessage.flagRequired],
    [{ is_early: 'yes' }, 'is_early must be true or false'],
    [{ is_transfer_enable: 1 }, 'is_transfer_enable must be true or false'],
    [{ event_gift_enable: null }, 'event_gift_enable must be true or false'],
    [{ event_gift_enable: 'x'.repeat(10_000) }, 'event_gift_enable must be true or false'],
    [
      { is_early: true, is_erly: true },
      'is_erly is not a user flag (is_early, is_transfer_enable, event_gift_enable)',
    ],
    [[true], OperatorUserMessage.flagsBodyNotObject],
    ['is_early', OperatorUserMessage.flagsBodyNotObject],
  ])('refuses %j naming the field', (input, message) => {
    expect(firstMessage(operatorUserFlagsBody.safeParse(input))).toBe(message);
  });
});
