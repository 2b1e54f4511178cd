import { RETURN_PARAMS_MAX_COUNT } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { readRechargeReturn } from './recharge-return.rule.ts';

describe('readRechargeReturn', () => {
  it('reads the sandbox return: the serial number and the signed fields', () => {
    const search = new URLSearchParams(
      'sn=R20250301120000123456&order_id=sbo_R1&payment_id=pay_1&signature=abc&status=paid',
    );
    expect(readRechargeReturn(search)).toEqual({
      serialNumber: 'R20250301120000123456',
      params: { order_id: 'sbo_R1', payment_id: 'pay_1', signature: 'abc', status: 'paid' },
    });
  });

  it('reads a return that carries only the serial number', () => {
    expect(readRechargeReturn(new URLSearchParams('sn=R1'))).toEqual({ serialNumber: 'R1', params: {} });
  });

  it('is null without a well-formed serial number', () => {
    expect(readRechargeReturn(new URLSearchParams(''))).toBeNull();
    expect(readRechargeReturn(new URLSearchParams('sn=R1%3Cscript%3E&order_id=x'))).toBeNull();
  });

  it('keeps within the limits of the call', () => {
    const search = new URLSearchParams('sn=R1');
    for (let index = 0; index < RETURN_PARAMS_MAX_COUNT + 5; index += 1) search.append(`p${index}`, 'v');
    search.append('long', 'x'.repeat(600));
    const result = readRechargeReturn(search);
    expect(Object.keys(result?.params ?? {})).toHaveLength(RETURN_PARAMS_MAX_COUNT);
    expect(result?.params.long).toBeUndefined();
  });
});
