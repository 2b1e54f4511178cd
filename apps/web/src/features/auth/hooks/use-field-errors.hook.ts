import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withoutField } from '../../../shared/ui/without-field.rule.ts';
import { type AuthField, type FieldErrors, VALIDATION_VALUES } from '../rules/auth-validation.rule.ts';

/** A form's rule messages: set all at once on submit, cleared field by field as the player edits. */
export function useFieldErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});

  const clear = useCallback((field: AuthField) => {
    setErrors((current) => withoutField(current, field));
  }, []);

  const set = useCallback((field: AuthField, key: FieldErrors[AuthField] | null) => {
    setErrors((current) => ({ ...current, [field]: key ?? undefined }));
  }, []);

  /** The translated message of a field, or undefined when it has none. */
  const message = useCallback(
    (field: AuthField) => {
      const key = errors[field];
      return key ? t(key, VALIDATION_VALUES) : undefined;
    },
    [errors, t],
  );

  /** Wraps a setter so that editing the field also clears its message. */
  const editing = useCallback(
    (field: AuthField, setValue: (value: string) => void) => (value: string) => {
      setValue(value);
      clear(field);
    },
    [clear],
  );

  return { errors, setErrors, set, clear, message, editing };
}
