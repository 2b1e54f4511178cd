import { describe, expect, it } from 'vitest';
import {
  createOperatorBody,
  OPERATOR_ROLES,
  operatorLoginBody,
  operatorMayCall,
  operatorReasonBody,
} from './operator-console.ts';

describe('operator roles', () => {
  it('lets owner call everything, auditor read everything, and the others their own routes', () => {
    const finance = { roles: ['finance'] as const };
    for (const method of ['GET', 'POST', 'PUT']) {
      expect(operatorMayCall('owner', finance, method)).toBe(true);
      expect(operatorMayCall('finance', finance, method)).toBe(true);
      expect(operatorMayCall('support', finance, method)).toBe(false);
      expect(operatorMayCall('content', finance, method)).toBe(false);
    }
    expect(operatorMayCall('auditor', finance, 'GET')).toBe(true);
    expect(operatorMayCall('auditor', finance, 'POST')).toBe(false);
    expect(operatorMayCall('auditor', { roles: [] }, 'PUT')).toBe(false);
    for (const role of OPERATOR_ROLES) {
      expect(operatorMayCall(role, 'signed_in', 'POST')).toBe(true);
      expect(operatorMayCall(role, { roles: ['owner'] }, 'POST')).toBe(role === 'owner');
    }
  });
});

describe('operator console schemas', () => {
  it('takes a login with or without a 6-digit code, and names the field it refuses', () => {
    expect(operatorLoginBody.parse({ username: ' Alice ', password: 'x', totp_code: '' })).toEqual({
      username: 'alice',
      password: 'x',
    });
    expect(
      operatorLoginBody.safeParse({ username: 'alice', password: 'x', totp_code: '12345' }).error?.issues[0]
        ?.message,
    ).toBe('totp_code must be 6 digits');
  });

  it('refuses short passwords, unknown roles and usernames that could pass for the automation names', () => {
    const issue = (body: unknown) => createOperatorBody.safeParse(body).error?.issues[0]?.message;
    expect(issue({ username: 'alice', password: 'short', role: 'finance' })).toMatch(
      /^password must be at least 12/,
    );
    expect(issue({ username: 'alice', password: 'long-enough-pass', role: 'boss' })).toMatch(
      /^role must be one of/,
    );
    expect(issue({ username: 'admin_token', password: 'long-enough-pass', role: 'owner' })).toMatch(
      /^username/,
    );
  });

  it('needs a reason for money and account actions', () => {
    expect(operatorReasonBody.safeParse({}).success).toBe(false);
    expect(operatorReasonBody.safeParse({ reason: '   ' }).success).toBe(false);
    expect(operatorReasonBody.parse({ reason: ' checked ' })).toEqual({ reason: 'checked' });
  });
});
