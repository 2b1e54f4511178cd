/**
 * The messages of a form without the one of `field`; the same object when that field had none, so a state
 * update with it renders nothing.
 */
export function withoutField<T extends object>(errors: T, field: keyof T): T {
  if (!errors[field]) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest as T;
}
