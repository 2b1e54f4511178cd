import { describe, expect, it } from 'vitest';
import { buildGatewayForm } from './gateway-form.launcher.ts';

describe('buildGatewayForm', () => {
  it('builds a hidden POST form to the gateway with one hidden input per field', () => {
    const form = buildGatewayForm(document, 'https://ka.example/pay', {
      merchant_id: 'm1',
      order_no: 'R20250301120000123456',
      amount: '500.00',
      sign: 'a"b<c>',
    });
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://ka.example/pay');
    expect(form.style.display).toBe('none');
    const inputs = [...form.querySelectorAll('input')];
    expect(inputs.every((input) => input.type === 'hidden')).toBe(true);
    expect(Object.fromEntries(inputs.map((input) => [input.name, input.value]))).toEqual({
      merchant_id: 'm1',
      order_no: 'R20250301120000123456',
      amount: '500.00',
      // Values are set as properties, never as markup, so no field can inject HTML.
      sign: 'a"b<c>',
    });
    expect(new FormData(form).get('order_no')).toBe('R20250301120000123456');
  });
});
