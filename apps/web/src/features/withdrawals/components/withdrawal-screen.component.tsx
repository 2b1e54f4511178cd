import { formatMoney, parseMoneyToMinor, type WithdrawalChannelDto } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { useAppConfig, useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { useErrorAlert, useHideErrorAlert } from '../../../shared/dialogs/error-alert.context.tsx';
import { showCompletedDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { inputMessageText } from '../../../shared/dialogs/server-message.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar, ToolbarRecordLink } from '../../../shared/ui/screen-toolbar.component.tsx';
import { PasswordField } from '../../auth/components/password-field.component.tsx';
import { BankCardSummary } from '../../bank-cards/components/bank-card-summary.component.tsx';
import { useBankCards } from '../../bank-cards/hooks/use-bank-cards.hook.ts';
import { profileQueryKeys } from '../../profile/hooks/profile-query-keys.ts';
import { useProfile } from '../../profile/hooks/use-profile.hook.ts';
import { BalanceRow } from '../../wallet/components/balance-row.component.tsx';
import { walletQueryKeys } from '../../wallet/hooks/wallet-query-keys.ts';
import { addWithdrawal } from '../api/withdrawals.api.ts';
import { useWithdrawalChannels } from '../hooks/use-withdrawal-channels.hook.ts';
import { withdrawalQueryKeys } from '../hooks/withdrawal-query-keys.ts';
import { contactKind } from '../rules/contact-link.rule.ts';
import {
  amountCharacters,
  canSubmitWithdrawal,
  needsBankChoice,
  normalizeWithdrawalAmount,
  withdrawalAmountProblem,
  withdrawalPreview,
} from '../rules/withdrawal-form.rule.ts';
import { needBetText, withdrawalErrorText } from '../rules/withdrawal-message.rule.ts';
import styles from './withdrawals.module.css';

/** The withdrawal record (spec 02 §2), reached from the form's toolbar. */
export const WITHDRAWAL_RECORD_PATH = '/withdrawalRecord';
/** Characters the amount field takes: thirteen whole digits (the largest amount), a separator, two decimals. */
const AMOUNT_MAX_LENGTH = 16;
/** The card editor as the withdrawal form names it (spec 02 §2: "Reached from the withdrawal form"). */
export const ADD_BANK_CARD_PATH = '/editBankcard';

function Loading() {
  return (
    <div className={styles.hint}>
      <DotLoading color="primary" />
    </div>
  );
}

function LoadFailed({ onRetry, testId }: { onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.hint} data-testid={testId}>
      <span>{t('wallet.loadFailed')} </span>
      <Button size="mini" fill="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

interface CardPickerProps {
  name: string;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** The player's cards as radio buttons (numbers masked), with the link to add one; it comes back here. */
function CardPicker({ name, selectedId, onSelect }: CardPickerProps) {
  const { t } = useTranslation();
  const cards = useBankCards();
  const titleId = `${name}-title`;
  let body: ReactNode;
  if (cards.isPending) body = <Loading />;
  else if (cards.isError)
    body = <LoadFailed onRetry={() => void cards.refetch()} testId="withdrawal-cards-failed" />;
  else if (cards.data.cards.length === 0) body = <p className={styles.hint}>{t('withdrawal.noCard')}</p>;
  else {
    const now = Date.now();
    body = (
      <fieldset className={styles.options} aria-labelledby={titleId}>
        {cards.data.cards.map((card) => (
          <label
            key={card.id}
            className={`${styles.option} ${card.id === selectedId ? styles.optionChecked : ''}`}
            data-testid="withdrawal-card-option"
          >
            <input
              type="radio"
              name={name}
              value={card.id}
              checked={card.id === selectedId}
              onChange={() => onSelect(card.id)}
            />
            <BankCardSummary card={card} now={now} />
          </label>
        ))}
      </fieldset>
    );
  }
  return (
    <section className={styles.card}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('withdrawal.card')}
      </h2>
      {body}
      {cards.isSuccess ? (
        <Link to={ADD_BANK_CARD_PATH} className={styles.link} data-testid="withdrawal-add-card">
          {t('bankCards.add')}
        </Link>
      ) : null}
    </section>
  );
}

interface ChannelPickerProps {
  name: string;
  channels: readonly WithdrawalChannelDto[];
  selected: WithdrawalChannelDto | undefined;
  onSelect: (key: string) => void;
  bankCode: string;
  onBankCode: (code: string) => void;
}

/** The channels as radio buttons and, when the chosen one has a bank code group, the bank list. */
function ChannelPicker({ name, channels, selected, onSelect, bankCode, onBankCode }: ChannelPickerProps) {
  const { t } = useTranslation();
  const titleId = `${name}-title`;
  const bankId = `${name}-bank`;
  return (
    <section className={styles.card}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('withdrawal.channel')}
      </h2>
      {channels.length === 0 ? (
        <p className={styles.hint}>{t('withdrawal.noChannels')}</p>
      ) : (
        <fieldset className={styles.options} aria-labelledby={titleId}>
          {channels.map((channel) => (
            <label
              key={channel.key}
              className={`${styles.option} ${channel.key === selected?.key ? styles.optionChecked : ''}`}
              data-testid={`withdrawal-channel-${channel.key}`}
            >
              <input
                type="radio"
                name={name}
                value={channel.key}
                checked={channel.key === selected?.key}
                onChange={() => onSelect(channel.key)}
              />
              <span>{channel.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      {selected && needsBankChoice(selected) ? (
        <>
          <label htmlFor={bankId} className={styles.sectionTitle}>
            {t('withdrawal.bank')}
          </label>
          <select
            id={bankId}
            className={styles.select}
            value={bankCode}
            onChange={(event) => onBankCode(event.target.value)}
            data-testid="withdrawal-bank"
          >
            <option value="">{t('withdrawal.chooseBank')}</option>
            {selected.bank_codes.map((bank) => (
              <option key={bank.id} value={bank.code}>
                {bank.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
    </section>
  );
}

/** The name each contact kind goes by in the profile's support group. */
const CONTACT_CHANNELS = {
  whatsapp: 'whatsapp',
  phone: 'mobile',
  email: 'email',
  telegram: 'telegram',
} as const;

/** The support link when contact_url is set: WhatsApp, phone, e-mail or Telegram (spec 02 "Withdrawal"). */
function ContactLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const kind = contactKind(url);
  if (!kind) return null;
  return (
    <a
      className={styles.link}
      href={url.trim()}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="withdrawal-contact"
      data-kind={kind}
    >
      {kind === 'web'
        ? t('withdrawal.contact.web')
        : t('withdrawal.contact.via', { channel: t(`profile.support.${CONTACT_CHANNELS[kind]}`) })}
    </a>
  );
}

/** The first card (the newest) is chosen until the player picks another that still exists. */
function useSelectedCard(): [number | null, (id: number) => void] {
  const cards = useBankCards();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const list = cards.data?.cards ?? [];
  const chosen = list.find((card) => card.id === chosenId) ?? list[0];
  return [chosen?.id ?? null, setChosenId];
}

/**
 * The withdrawal form /withdrawal (spec 02 "Withdrawal", §5, §8, §9): balance, the needs_bet notice, amount
 * with the fee and the credited amount (the shared fee rule), login password, bank card (or add one),
 * channel and, when the channel has a bank code group, a bank; the contact link when contact_url is set.
 * A refusal shows the server's message in the error alert (8 s); success shows withdraw_success.
 */
export function WithdrawalScreen() {
  const { t } = useTranslation();
  const formId = useId();
  const goBack = useGoBack('/mine');
  const queryClient = useQueryClient();
  const { market } = useAppConfig();
  const { currencySymbol } = useMarket();
  const showError = useErrorAlert();
  const hideError = useHideErrorAlert();
  const profile = useProfile(true);
  const channels = useWithdrawalChannels();
  const [cardId, selectCard] = useSelectedCard();
  const [amount, setTypedAmount] = useState('');
  // The amount's problem shows once the player sends, and goes as soon as the amount changes.
  const [amountError, setAmountError] = useState<string | null>(null);
  const setAmount = (value: string) => {
    setTypedAmount(value);
    setAmountError(null);
  };
  const [password, setPassword] = useState('');
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [bankCode, setBankCode] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const list = channels.data?.channels ?? [];
  // Until the player chooses, the first channel is the chosen one.
  const channel = list.find((item) => item.key === chosenKey) ?? list[0];
  const preview = withdrawalPreview(amount);
  const needsBet = parseMoneyToMinor(channels.data?.needsBet ?? '0');
  const state = { amount, password, bankCardId: cardId, channel, bankCode };
  const ready = canSubmitWithdrawal(state);

  function chooseChannel(key: string) {
    if (key === channel?.key) return;
    setChosenKey(key);
    // A bank belongs to its channel's group.
    setBankCode('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Submit is ignored unless amount, password, card (and bank where needed) are given (spec 02 §5).
    if (submitting || !ready || !channel || cardId === null) return;
    hideError();
    const problem = withdrawalAmountProblem(amount, {
      balance: profile.data?.balance,
      minAmount: channels.data?.minAmount ?? '',
      maxAmount: channels.data?.maxAmount ?? '',
    });
    if (problem) {
      setAmountError(inputMessageText(problem, market));
      return;
    }
    setSubmitting(true);
    try {
      await addWithdrawal(api, {
        amount: normalizeWithdrawalAmount(amount),
        bankCardId: cardId,
        password,
        withdrawalKey: channel.key,
        bankCode: needsBankChoice(channel) ? bankCode : '',
      });
      setAmount('');
      setPassword('');
      // The balance, the record, the transactions and needs_bet all changed.
      void queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile });
      void queryClient.invalidateQueries({ queryKey: withdrawalQueryKeys.list });
      void queryClient.invalidateQueries({ queryKey: withdrawalQueryKeys.channels });
      void queryClient.invalidateQueries({ queryKey: walletQueryKeys.transactions });
      await showCompletedDialog(t('withdrawal.withdrawSuccess'));
    } catch (error) {
      showError(withdrawalErrorText(error, market));
      // A refusal may come from a balance or needs_bet that changed meanwhile: show them as they are now.
      void queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile });
      void queryClient.invalidateQueries({ queryKey: withdrawalQueryKeys.channels });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <ScreenToolbar
        title={t('withdrawal.title')}
        onBack={goBack}
        right={
          <ToolbarRecordLink
            to={WITHDRAWAL_RECORD_PATH}
            label={t('withdrawalRecord.title')}
            testId="withdrawal-record-link"
          />
        }
      />
      <form className={styles.page} onSubmit={submit} noValidate aria-label={t('withdrawal.title')}>
        <section className={styles.card}>
          <BalanceRow balance={profile.data?.balance} />
          {needsBet.ok && needsBet.amountMinor > 0 && channels.data ? (
            <p className={styles.notice} role="status" data-testid="withdrawal-needs-bet">
              {needBetText(channels.data.needsBet, market)}
            </p>
          ) : null}
        </section>
        <section className={styles.card}>
          <label htmlFor={`${formId}-amount`} className={styles.sectionTitle}>
            {t('recharge.amountLabel')}
          </label>
          <div className={styles.control}>
            <span aria-hidden="true">{currencySymbol}</span>
            <input
              id={`${formId}-amount`}
              className={styles.input}
              value={amount}
              onChange={(event) => setAmount(amountCharacters(event.target.value))}
              inputMode="decimal"
              maxLength={AMOUNT_MAX_LENGTH}
              autoComplete="off"
              placeholder={t('recharge.amountPlaceholder')}
              data-testid="withdrawal-amount"
            />
          </div>
          {amountError ? (
            <p className={styles.error} role="alert" data-testid="withdrawal-amount-error">
              {amountError}
            </p>
          ) : null}
          {preview ? (
            <dl className={styles.preview} data-testid="withdrawal-preview">
              <div>
                <dt>{t('withdrawal.fee')}</dt>
                <dd data-testid="withdrawal-fee">{formatMoney(preview.feeMinor, market)}</dd>
              </div>
              <div>
                <dt>{t('withdrawal.actual')}</dt>
                <dd data-testid="withdrawal-actual">{formatMoney(preview.actualMinor, market)}</dd>
              </div>
            </dl>
          ) : null}
          <PasswordField id={`${formId}-password`} value={password} onValueChange={setPassword} />
        </section>
        <CardPicker name={`${formId}-card`} selectedId={cardId} onSelect={selectCard} />
        {channels.isPending ? (
          <Loading />
        ) : channels.isError ? (
          <LoadFailed onRetry={() => void channels.refetch()} testId="withdrawal-channels-failed" />
        ) : (
          <ChannelPicker
            name={`${formId}-channel`}
            channels={list}
            selected={channel}
            onSelect={chooseChannel}
            bankCode={bankCode}
            onBankCode={setBankCode}
          />
        )}
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          disabled={!ready}
          loading={submitting}
          data-testid="withdrawal-submit"
        >
          {t('withdrawal.submit')}
        </Button>
        {channels.data?.contactUrl ? <ContactLink url={channels.data.contactUrl} /> : null}
      </form>
    </>
  );
}
