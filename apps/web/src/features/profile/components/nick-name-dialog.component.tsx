import { NICK_NAME_MAX_LENGTH } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import { changeNickName } from '../api/profile.api.ts';
import { profileQueryKeys } from '../hooks/profile-query-keys.ts';
import { type NickNameProblem, validateNickName } from '../rules/nick-name.rule.ts';
import styles from './profile.module.css';

/**
 * The longest text the input takes: each character may need two UTF-16 units (emoji), and the rule itself
 * counts characters, so the input only stops pasted novels.
 */
const NICK_NAME_INPUT_MAX_UNITS = NICK_NAME_MAX_LENGTH * 2;

export interface NickNameDialogProps {
  open: boolean;
  current: string;
  onClose: () => void;
}

/** The change-nickname dialog: 1 to 20 characters, trimmed; on 200 the profile reloads (spec 01 §7). */
export function NickNameDialog({ open, current, onClose }: NickNameDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [value, setValue] = useState(current);
  const [problem, setProblem] = useState<NickNameProblem | null>(null);
  const [serverMessage, setServerMessage] = useState<string | null>(null);

  // Each opening starts from the current nickname.
  useEffect(() => {
    if (!open) return;
    setValue(current);
    setProblem(null);
    setServerMessage(null);
  }, [open, current]);

  const save = useMutation({
    mutationFn: (nickName: string) => changeNickName(api, nickName),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile });
      Toast.show({ content: t('profile.nickNameDialog.changed') });
      onClose();
    },
    onError: (error) => setServerMessage(errorMessage(error)),
  });

  function submit() {
    const found = validateNickName(value);
    setProblem(found);
    setServerMessage(null);
    if (found || save.isPending) return;
    save.mutate(value.trim());
  }

  const error = problem
    ? t(`profile.nickNameDialog.${problem}`, { max: NICK_NAME_MAX_LENGTH })
    : (serverMessage ?? undefined);

  return (
    <Dialog
      visible={open}
      title={t('profile.nickNameDialog.title')}
      onClose={onClose}
      content={
        <form
          className={styles.dialogForm}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <input
            id={inputId}
            className={styles.dialogInput}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
            placeholder={t('profile.nickNameDialog.placeholder')}
            aria-label={t('profile.nickNameDialog.placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            maxLength={NICK_NAME_INPUT_MAX_UNITS}
            autoComplete="nickname"
            data-testid="nick-name-input"
          />
          {error ? (
            <p id={`${inputId}-error`} className={styles.dialogError} data-testid="nick-name-error">
              {error}
            </p>
          ) : null}
        </form>
      }
      actions={[
        [
          { key: 'cancel', text: t('common.cancel') },
          { key: 'save', text: t('profile.nickNameDialog.save'), bold: true, disabled: save.isPending },
        ],
      ]}
      onAction={(action) => {
        if (action.key === 'save') submit();
        else onClose();
      }}
    />
  );
}
