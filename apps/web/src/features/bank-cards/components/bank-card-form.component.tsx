import {
  BANK_ACCOUNT_NUMBER_MAX_LENGTH,
  BANK_ADDRESS_MAX_LENGTH,
  BANK_CARD_NAME_MAX_LENGTH,
  BANK_CITY_MAX_LENGTH,
  BANK_EMAIL_MAX_LENGTH,
  BANK_MOBILE_MAX_LENGTH,
  BANK_NAME_MAX_LENGTH,
  BANK_PROVINCE_MAX_LENGTH,
  CLABE_LENGTH,
  type MarketCode,
  PT_ACCOUNT_TYPE_LABELS,
  PT_ACCOUNT_TYPES,
  PT_DOCUMENT_TYPES,
  PT_PIX_TYPES,
  UPI_ACCOUNT_MAX_LENGTH,
} from '@app/shared';
import { Button } from 'antd-mobile';
import { type FormEvent, type HTMLAttributes, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { isApiFailure } from '../../../shared/api/api-errors.ts';
import { useAppConfig } from '../../../shared/app-config/app-config.context.tsx';
import { useErrorAlert, useHideErrorAlert } from '../../../shared/dialogs/error-alert.context.tsx';
import { getBankCardOtpRequired } from '../../../shared/storage/storage.ts';
import { SavedItemEditor } from '../../../shared/ui/load-states.component.tsx';
import listStyles from '../../../shared/ui/saved-list.module.css';
import { useSavedItemWritten } from '../../../shared/ui/use-saved-item-written.hook.ts';
import { withoutField } from '../../../shared/ui/without-field.rule.ts';
import { DevOutboxHint } from '../../auth/components/dev-outbox-hint.component.tsx';
import { FormField } from '../../auth/components/form-field.component.tsx';
import { SendCodeButton } from '../../auth/components/send-code-button.component.tsx';
import { VerifyCodeField } from '../../auth/components/verify-code-field.component.tsx';
import { useSendCode } from '../../auth/hooks/use-send-code.hook.ts';
import { useProfile } from '../../profile/hooks/use-profile.hook.ts';
import { saveBankCard } from '../api/bank-cards.api.ts';
import { bankCardQueryKeys } from '../hooks/bank-card-query-keys.ts';
import { useBankCard, useBankCards } from '../hooks/use-bank-cards.hook.ts';
import {
  type BankCardErrors,
  type BankCardFieldError,
  type BankCardFormField,
  type BankCardFormValues,
  type CardTextField,
  cardTextFieldsFor,
  EMPTY_BANK_CARD_FORM,
  formValuesOf,
  isBankCardFormValid,
  PT_FIELDS,
  type PtField,
  toBankCardBody,
  validateBankCardForm,
} from '../rules/bank-card-form.rule.ts';
import { bankCardErrorText, translateBankCardMessage } from '../rules/bank-card-message.rule.ts';
import styles from './bank-cards.module.css';

type InputMode = HTMLAttributes<HTMLInputElement>['inputMode'];

/** An IFSC is 11 characters: four letters, a zero and six letters or digits. */
const IFSC_LENGTH = 11;
/** pt's account digit is one or two characters. */
const PT_ACCOUNT_DIGIT_MAX_LENGTH = 2;
/** A CPF or CNPJ as people type it, with its separators ("11.222.333/0001-81"). */
const PT_DOCUMENT_MAX_LENGTH = 18;

/** How each card field is typed: its length bound (the server's), autofill hint and keyboard. */
const FIELD_INPUT: Readonly<
  Record<CardTextField, { maxLength: number; autoComplete: string; inputMode?: InputMode }>
> = {
  actual_name: { maxLength: BANK_CARD_NAME_MAX_LENGTH, autoComplete: 'name' },
  ifsc_code: { maxLength: IFSC_LENGTH, autoComplete: 'off' },
  bank_name: { maxLength: BANK_NAME_MAX_LENGTH, autoComplete: 'off' },
  account_number: { maxLength: BANK_ACCOUNT_NUMBER_MAX_LENGTH, autoComplete: 'off' },
  province: { maxLength: BANK_PROVINCE_MAX_LENGTH, autoComplete: 'address-level1' },
  city: { maxLength: BANK_CITY_MAX_LENGTH, autoComplete: 'address-level2' },
  address: { maxLength: BANK_ADDRESS_MAX_LENGTH, autoComplete: 'street-address' },
  mobile_number: { maxLength: BANK_MOBILE_MAX_LENGTH, autoComplete: 'tel', inputMode: 'tel' },
  email: { maxLength: BANK_EMAIL_MAX_LENGTH, autoComplete: 'email', inputMode: 'email' },
  upi_account: { maxLength: UPI_ACCOUNT_MAX_LENGTH, autoComplete: 'off' },
};

/** pt's typed values; the three choices are lists (spec 01 §3). */
const PT_TEXT_INPUT: Readonly<Partial<Record<PtField, { maxLength: number; inputMode?: InputMode }>>> = {
  accountDigit: { maxLength: PT_ACCOUNT_DIGIT_MAX_LENGTH },
  documentId: { maxLength: PT_DOCUMENT_MAX_LENGTH },
  // A PIX key may be an e-mail address, the longest of its kinds.
  pixAccount: { maxLength: BANK_EMAIL_MAX_LENGTH },
  cpfTfn: { maxLength: PT_DOCUMENT_MAX_LENGTH },
};

/** The choices of pt's list fields with the text each shows; account types show their spec labels. */
const PT_CHOICES: Readonly<Partial<Record<PtField, ReadonlyArray<{ value: string; label: string }>>>> = {
  documentType: PT_DOCUMENT_TYPES.map((value) => ({ value, label: value })),
  accountType: PT_ACCOUNT_TYPES.map((value) => ({ value, label: PT_ACCOUNT_TYPE_LABELS[value] })),
  pixType: PT_PIX_TYPES.map((value) => ({ value, label: value })),
};

/** The label of a field; for mx the UPI field is called Clabe (spec 01 §3). */
function useFieldLabel(market: MarketCode): (field: BankCardFormField) => string {
  const { t } = useTranslation();
  return (field) => {
    if (field === 'verify_code') return t('auth.verifyCodeLabel');
    if (field === 'upi_account' && market === 'mx') return t('bankCards.fields.clabe');
    return t(`bankCards.fields.${field}`);
  };
}

interface BankCardFieldsFormProps {
  id: number | null;
  initial: BankCardFormValues;
  onSaved: () => void;
}

/**
 * The card's fields for the market, the OTP field while the server asks for a code, and Save. The rules of
 * spec 01 §5 and the shared contract run before sending; the server's refusal shows in the error alert.
 */
function BankCardFieldsForm({ id, initial, onSaved }: BankCardFieldsFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  const written = useSavedItemWritten(bankCardQueryKeys, onSaved);
  const { market } = useAppConfig();
  const showError = useErrorAlert();
  const hideError = useHideErrorAlert();
  const label = useFieldLabel(market);
  const cards = useBankCards();
  const profile = useProfile(true);
  const sendCode = useSendCode('edit_bankcard');
  // The server's flag when it has answered, else the one kept from the last list (spec 01 §3, §5).
  const otpRequired = cards.data?.otpRequired ?? getBankCardOtpRequired();
  const [values, setValues] = useState<BankCardFormValues>(initial);
  const [errors, setErrors] = useState<BankCardErrors>({});
  const [saving, setSaving] = useState(false);
  const mobile = profile.data?.mobile ?? '';

  function errorText(
    field: BankCardFormField | 'form',
    error: BankCardFieldError | undefined,
  ): string | undefined {
    if (!error) return undefined;
    switch (error.kind) {
      case 'required':
        return field === 'email'
          ? t('bankCards.validation.emailRequired')
          : t('bankCards.validation.required', { field: field === 'form' ? '' : label(field) });
      case 'emailInvalid':
        return t('bankCards.validation.emailInvalid');
      case 'verifyCodeRequired':
        return t('auth.validation.verifyCodeRequired');
      case 'message':
        return translateBankCardMessage(error.text, market);
    }
  }

  function clearError(field: BankCardFormField) {
    setErrors((current) => withoutField(current, field));
  }

  function setText(field: CardTextField | 'verify_code', value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  }

  function setPt(field: PtField, value: string) {
    setValues((current) => ({ ...current, pt: { ...current.pt, [field]: value } }));
    clearError(field);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = validateBankCardForm(values, market, otpRequired);
    setErrors(found);
    if (!isBankCardFormValid(found)) {
      if (found.form) showError(errorText('form', found.form) ?? '');
      return;
    }
    // The last refusal speaks of the last attempt, not of this one.
    hideError();
    setSaving(true);
    try {
      const { msg } = await saveBankCard(api, toBankCardBody(values, market, otpRequired), id);
      await written(id, msg ? translateBankCardMessage(msg, market) : undefined);
    } catch (error) {
      showError(bankCardErrorText(error, market));
      setSaving(false);
    }
  }

  return (
    <form
      className={listStyles.form}
      onSubmit={submit}
      noValidate
      aria-label={id === null ? t('bankCards.add') : t('bankCards.editTitle')}
    >
      {cardTextFieldsFor(market).map((field) => {
        const text = label(field);
        const input = FIELD_INPUT[field];
        const clabe = field === 'upi_account' && market === 'mx';
        return (
          <FormField
            key={field}
            id={`${formId}-${field}`}
            name={field}
            label={text}
            placeholder={text}
            value={values[field]}
            onValueChange={(value) => setText(field, value)}
            error={errorText(field, errors[field])}
            autoComplete={input.autoComplete}
            inputMode={clabe ? 'numeric' : input.inputMode}
            maxLength={clabe ? CLABE_LENGTH : input.maxLength}
            autoCapitalize={field === 'ifsc_code' ? 'characters' : undefined}
          />
        );
      })}
      {market === 'pt'
        ? PT_FIELDS.map((field) => {
            const choices = PT_CHOICES[field];
            const inputId = `${formId}-${field}`;
            const message = errorText(field, errors[field]);
            if (!choices) {
              const text = label(field);
              return (
                <FormField
                  key={field}
                  id={inputId}
                  name={field}
                  label={text}
                  placeholder={text}
                  value={values.pt[field]}
                  onValueChange={(value) => setPt(field, value)}
                  error={message}
                  autoComplete="off"
                  maxLength={PT_TEXT_INPUT[field]?.maxLength}
                />
              );
            }
            return (
              <div key={field} className={styles.selectField}>
                <label htmlFor={inputId} className={styles.selectLabel}>
                  {label(field)}
                </label>
                <select
                  id={inputId}
                  name={field}
                  className={styles.select}
                  value={values.pt[field]}
                  onChange={(event) => setPt(field, event.target.value)}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? `${inputId}-error` : undefined}
                >
                  <option value="">{t('bankCards.choose')}</option>
                  {choices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
                {message ? (
                  <p id={`${inputId}-error`} className={styles.error} data-testid={`${field}-error`}>
                    {message}
                  </p>
                ) : null}
              </div>
            );
          })
        : null}
      {/* The code field shows only while the server asks for one (spec 01 §5). */}
      {otpRequired ? (
        <VerifyCodeField
          id={`${formId}-verify-code`}
          value={values.verify_code}
          onValueChange={(value) => setText('verify_code', value)}
          error={errorText('verify_code', errors.verify_code)}
          action={
            <SendCodeButton
              onClick={() => {
                if (mobile) void sendCode.send(mobile);
              }}
              secondsLeft={sendCode.secondsLeft}
              sending={sendCode.sending || mobile === ''}
            />
          }
          hint={
            <>
              {mobile ? (
                <p className={styles.hint} data-testid="bank-card-code-to">
                  {t('bankCards.codeTo', { mobile })}
                </p>
              ) : null}
              <DevOutboxHint mobile={sendCode.sentTo} />
            </>
          }
        />
      ) : null}
      <Button block type="submit" color="primary" size="large" loading={saving} data-testid="bank-card-save">
        {t('bankCards.save')}
      </Button>
    </form>
  );
}

export interface BankCardFormProps {
  /** The route's `id` query: absent to add a card, the card's id to edit it. */
  idParam: string | null;
  /** Called after a successful save; the route goes back. */
  onSaved: () => void;
}

/** The add or edit form /editBankCard (spec 01 §2); without a token it goes to /login. */
export function BankCardForm({ idParam, onSaved }: BankCardFormProps) {
  const { t } = useTranslation();
  const { market } = useAppConfig();
  return (
    <SavedItemEditor
      idParam={idParam}
      notFoundText={t('bankCards.notFound')}
      failedTestId="bank-card-load-failed"
      // Editing loads the card in full.
      useItem={useBankCard}
      loadFailedText={(error) =>
        isApiFailure(error) ? bankCardErrorText(error, market) : t('bankCards.loadFailed')
      }
      empty={EMPTY_BANK_CARD_FORM}
      fieldsOf={(card) => formValuesOf(card, market)}
      form={(id, initial) => <BankCardFieldsForm id={id} initial={initial} onSaved={onSaved} />}
    />
  );
}
