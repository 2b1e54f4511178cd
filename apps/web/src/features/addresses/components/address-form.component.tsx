import {
  ADDRESS_DETAIL_MAX_LENGTH,
  ADDRESS_FULL_NAME_MAX_LENGTH,
  ADDRESS_MOBILE_MAX_LENGTH,
  ADDRESS_PIN_CODE_MAX_LENGTH,
  ADDRESS_STATE_MAX_LENGTH,
  ADDRESS_TOWN_CITY_MAX_LENGTH,
  type AddressDto,
} from '@app/shared';
import { Button } from 'antd-mobile';
import { type FormEvent, type HTMLAttributes, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { isApiFailure } from '../../../shared/api/api-errors.ts';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { useErrorAlert, useHideErrorAlert } from '../../../shared/dialogs/error-alert.context.tsx';
import { inputMessageText } from '../../../shared/dialogs/server-message.ts';
import { SavedItemEditor } from '../../../shared/ui/load-states.component.tsx';
import listStyles from '../../../shared/ui/saved-list.module.css';
import { useSavedItemWritten } from '../../../shared/ui/use-saved-item-written.hook.ts';
import { withoutField } from '../../../shared/ui/without-field.rule.ts';
import { FormField } from '../../auth/components/form-field.component.tsx';
import { shopErrorText, translateShopMessage } from '../../shop/rules/shop-message.rule.ts';
import { ADDRESS_FIELD_NAMES, type AddressFields, saveAddress } from '../api/addresses.api.ts';
import { addressQueryKeys } from '../hooks/address-query-keys.ts';
import { useAddress } from '../hooks/use-addresses.hook.ts';
import { type AddressErrors, addressFieldError, validateAddress } from '../rules/address-form.rule.ts';

type FieldName = (typeof ADDRESS_FIELD_NAMES)[number];

/** How each field is typed: its length bound (the server's), autofill hint and keyboard. */
const FIELD_INPUT: Readonly<
  Record<
    FieldName,
    { maxLength: number; autoComplete: string; inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'] }
  >
> = {
  full_name: { maxLength: ADDRESS_FULL_NAME_MAX_LENGTH, autoComplete: 'name' },
  mobile_number: { maxLength: ADDRESS_MOBILE_MAX_LENGTH, autoComplete: 'tel', inputMode: 'tel' },
  pin_code: { maxLength: ADDRESS_PIN_CODE_MAX_LENGTH, autoComplete: 'postal-code' },
  state: { maxLength: ADDRESS_STATE_MAX_LENGTH, autoComplete: 'address-level1' },
  town_city: { maxLength: ADDRESS_TOWN_CITY_MAX_LENGTH, autoComplete: 'address-level2' },
  detail_address: { maxLength: ADDRESS_DETAIL_MAX_LENGTH, autoComplete: 'street-address' },
};

/** The translation key of each field's label (also its placeholder). */
const FIELD_LABEL_KEYS = {
  full_name: 'addresses.fields.fullName',
  mobile_number: 'addresses.fields.mobileNumber',
  pin_code: 'addresses.fields.pinCode',
  state: 'addresses.fields.state',
  town_city: 'addresses.fields.townCity',
  detail_address: 'addresses.fields.detailAddress',
} as const satisfies Record<FieldName, string>;

const EMPTY_FIELDS: AddressFields = {
  full_name: '',
  mobile_number: '',
  pin_code: '',
  state: '',
  town_city: '',
  detail_address: '',
};

interface AddressFieldsFormProps {
  id: number | null;
  initial: AddressFields;
  onSaved: () => void;
}

/**
 * The six fields and Save. What the app can check (every field filled, the phone number, the market's postal
 * code) is checked before sending; a field the server still refuses shows its message under that field, and
 * any other refusal in the error alert. A field's message goes as soon as the player edits the field.
 */
function AddressFieldsForm({ id, initial, onSaved }: AddressFieldsFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  const written = useSavedItemWritten(addressQueryKeys, onSaved);
  const showError = useErrorAlert();
  const hideError = useHideErrorAlert();
  const { code: market } = useMarket();
  const [fields, setFields] = useState<AddressFields>(initial);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [saving, setSaving] = useState(false);

  function edit(name: FieldName, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => withoutField(current, name));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    // The last refusal speaks of the last attempt, not of this one.
    hideError();
    const found = validateAddress(fields, market);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const { msg } = await saveAddress(api, fields, id);
      await written(id, msg ? translateShopMessage(msg) : undefined);
    } catch (error) {
      const fieldError = isApiFailure(error) ? addressFieldError(error.msg) : null;
      if (fieldError) setErrors({ [fieldError.field]: fieldError });
      else showError(shopErrorText(error));
      setSaving(false);
    }
  }

  return (
    <form
      className={listStyles.form}
      onSubmit={submit}
      noValidate
      aria-label={id === null ? t('addresses.addTitle') : t('addresses.editTitle')}
    >
      {ADDRESS_FIELD_NAMES.map((name) => {
        const label = t(FIELD_LABEL_KEYS[name]);
        return (
          <FormField
            key={name}
            id={`${formId}-${name}`}
            name={name}
            label={label}
            placeholder={label}
            value={fields[name]}
            onValueChange={(value) => edit(name, value)}
            error={fieldErrorText(errors[name])}
            {...FIELD_INPUT[name]}
          />
        );
      })}
      <Button block type="submit" color="primary" size="large" loading={saving}>
        {t('addresses.save')}
      </Button>
    </form>
  );
}

/** A field's message as a sentence in the interface language (the server's wording as a fallback). */
function fieldErrorText(error: AddressErrors[FieldName]): string | undefined {
  return error ? (inputMessageText(error) ?? `${error.field} ${error.rule}`) : undefined;
}

function fieldsOf(address: AddressDto): AddressFields {
  const { id: _id, ...fields } = address;
  return fields;
}

export interface AddressFormProps {
  /** The route's `id` query: absent to add an address, the address's id to edit it. */
  idParam: string | null;
  /** Called after a successful save; the route goes back. */
  onSaved: () => void;
}

/** The add or edit form /editAddress (spec 01 §2); without a token it goes to /login. */
export function AddressForm({ idParam, onSaved }: AddressFormProps) {
  const { t } = useTranslation();
  return (
    <SavedItemEditor
      idParam={idParam}
      notFoundText={t('addresses.notFound')}
      failedTestId="address-load-failed"
      useItem={useAddress}
      loadFailedText={(error) => (isApiFailure(error) ? shopErrorText(error) : t('addresses.loadFailed'))}
      empty={EMPTY_FIELDS}
      fieldsOf={fieldsOf}
      form={(id, initial) => <AddressFieldsForm id={id} initial={initial} onSaved={onSaved} />}
    />
  );
}
