import { PAYMENT_ADAPTERS, PAYMENT_CHANNEL_FIELDS } from '@app/shared';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { ADAPTER_SETTINGS_SCHEMAS } from '../payments/payment-adapters.ts';

it('describes exactly the settings each adapter reads, and marks required exactly those without a default', () => {
  for (const adapter of PAYMENT_ADAPTERS) {
    const schema = ADAPTER_SETTINGS_SCHEMAS[adapter];
    expect(schema).toBeInstanceOf(z.ZodObject);
    const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
    const fields = PAYMENT_CHANNEL_FIELDS[adapter];
    expect(fields.map((field) => field.name).sort()).toEqual(Object.keys(shape).sort());
    for (const field of fields) {
      const optional = shape[field.name]?.safeParse(undefined).success ?? false;
      expect({ adapter, field: field.name, required: field.required }).toEqual({
        adapter,
        field: field.name,
        required: !optional,
      });
    }
  }
});
