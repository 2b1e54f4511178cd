import {
  PAY_EMAIL_MAX_LENGTH,
  PAY_MOBILE_MAX_LENGTH,
  PAY_NAME_MAX_LENGTH,
  PAY_UPI_ACCOUNT_MAX_LENGTH,
} from '@app/shared';
import { Dialog } from 'antd-mobile';
import { type HTMLAttributes, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRechargeDetails } from '../../../shared/storage/storage.ts';
import {
  EMPTY_PAYER_DETAILS,
  missingPayerFields,
  PAYER_DIALOG_FIELDS,
  type PayerDetails,
  type PayerDialogKind,
  type PayerField,
  parseSavedPayerDetails,
} from '../rules/payer-details.rule.ts';
import { withTestId } from './dialog-action.ts';
import styles from './wallet.module.css';

/** How each field is typed: the browser's autofill name, keyboard and length limit. */
const FIELD_INPUTS: Readonly<
  Record<
    PayerField,
    {
      type: string;
      autoComplete: string;
      inputMode: HTMLAttributes<HTMLInputElement>['inputMode'];
      max: number;
    }
  >
> = {
  upiAccount: { type: 'text', autoComplete: 'off', inputMode: 'email', max: PAY_UPI_ACCOUNT_MAX_LENGTH },
  name: { type: 'text', autoComplete: 'name', inputMode: 'text', max: PAY_NAME_MAX_LENGTH },
  mobile: { type: 'tel', autoComplete: 'tel', inputMode: 'tel', max: PAY_MOBILE_MAX_LENGTH },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email', max: PAY_EMAIL_MAX_LENGTH },
};

export interface PayerDetailsDialogProps {
  open: boolean;
  kind: PayerDialogKind;
  submitting: boolean;
  onClose: () => void;
  /** Called with the details once every required field is filled. */
  onSubmit: (details: PayerDetails) => void;
}

/**
 * The channel details dialog of spec 01 §2: the UPI dialog (UPI id, name, mobile, email) or the other
 * dialog (name, mobile, email). With a required field empty, Confirm sends nothing (spec 01 §5, §8); the
 * empty fields are only outlined. The auto-fill button shows when this dialog's values were saved before.
 */
export function PayerDetailsDialog({ open, kind, submitting, onClose, onSubmit }: PayerDetailsDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [details, setDetails] = useState<PayerDetails>(EMPTY_PAYER_DETAILS);
  const [flagged, setFlagged] = useState<PayerField[]>([]);
  const [saved, setSaved] = useState<PayerDetails | null>(null);

  // Each opening reads the saved values afresh (a submit may have saved new ones) and clears the marks.
  useEffect(() => {
    if (!open) return;
    setSaved(parseSavedPayerDetails(kind, getRechargeDetails(kind)));
    setFlagged([]);
  }, [open, kind]);

  function update(field: PayerField, value: string) {
    setDetails((current) => ({ ...current, [field]: value }));
    setFlagged((current) => current.filter((name) => name !== field));
  }

  function submit() {
    if (submitting) return;
    const missing = missingPayerFields(kind, details);
    setFlagged(missing);
    if (missing.length === 0) onSubmit(details);
  }

  return (
    <Dialog
      visible={open}
      title={kind === 'upi' ? t('recharge.details.upiTitle') : t('recharge.details.title')}
      onClose={onClose}
      content={
        <form
          className={styles.dialogForm}
          data-testid="payer-details-form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {PAYER_DIALOG_FIELDS[kind].map((field) => {
            const input = FIELD_INPUTS[field];
            return (
              <div key={field} className={styles.field}>
                <label htmlFor={`${id}-${field}`} className={styles.label}>
                  {t(`recharge.details.${field}`)}
                </label>
                <input
                  id={`${id}-${field}`}
                  className={styles.dialogInput}
                  type={input.type}
                  inputMode={input.inputMode}
                  autoComplete={input.autoComplete}
                  maxLength={input.max}
                  value={details[field]}
                  onChange={(event) => update(field, event.target.value)}
                  placeholder={t(`recharge.details.${field}`)}
                  aria-invalid={flagged.includes(field) ? true : undefined}
                  data-testid={`payer-${field}`}
                />
              </div>
            );
          })}
          {saved ? (
            <button
              type="button"
              className={styles.preset}
              onClick={() => {
                setDetails(saved);
                setFlagged([]);
              }}
              data-testid="payer-auto-fill"
            >
              {t('recharge.details.autoFill')}
            </button>
          ) : null}
          {/* Lets Enter in a field submit the form. */}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        </form>
      }
      actions={[
        [
          { key: 'cancel', text: t('common.cancel') },
          withTestId(
            { key: 'submit', text: t('recharge.details.submit'), bold: true, disabled: submitting },
            'payer-submit',
          ),
        ],
      ]}
      onAction={(action) => {
        if (action.key === 'submit') submit();
        else onClose();
      }}
    />
  );
}
