import { COLOUR_MAX_CONTRACT_COUNT, formatMoney } from '@app/shared';
import { Checkbox, Dialog } from 'antd-mobile';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../shared/app-config/app-config.context.tsx';
import { withTestId } from '../../wallet/components/dialog-action.ts';
import {
  type BetDraft,
  type BetSelection,
  cleanCountText,
  countFromText,
  decreaseCount,
  increaseCount,
  MIN_CONTRACT_COUNT,
  totalMoneyMinor,
} from '../rules/bet.rule.ts';
import styles from './colour-game.module.css';
import { RulesDialog } from './rules-dialog.component.tsx';

export interface BetDialogProps {
  /** What the player is joining; the dialog is open while this is set. */
  selection: BetSelection | null;
  /** The market's contract money choices, in major units. */
  presets: readonly number[];
  submitting: boolean;
  onClose: () => void;
  onConfirm: (draft: BetDraft) => void;
}

/**
 * The bet dialog (spec 02 §2, §5): contract money choices of the market, a count stepper whose minus never
 * goes below 1 (an empty field counts as 0), the total money = money × count, and the I-agree box (ticked
 * by default) beside the Presale Rule dialog. Confirm sends nothing unless the box is ticked and the count
 * is at least 1.
 */
export function BetDialog({ selection, presets, submitting, onClose, onConfirm }: BetDialogProps) {
  const { t } = useTranslation();
  const { market } = useAppConfig();
  const id = useId();
  const [money, setMoney] = useState(presets[0] ?? 0);
  const [countText, setCountText] = useState(String(MIN_CONTRACT_COUNT));
  const [agreed, setAgreed] = useState(true);
  const [presaleOpen, setPresaleOpen] = useState(false);
  const open = selection !== null;

  // Each opening starts from the defaults: the smallest money, a count of 1 and the box ticked.
  useEffect(() => {
    if (!open) return;
    setMoney(presets[0] ?? 0);
    setCountText(String(MIN_CONTRACT_COUNT));
    setAgreed(true);
  }, [open, presets]);

  const count = countFromText(countText);
  const sendable = agreed && count >= MIN_CONTRACT_COUNT && count <= COLOUR_MAX_CONTRACT_COUNT;
  const title =
    selection === null
      ? ''
      : selection.type === 'N'
        ? t('colourGame.selectNumber', { number: selection.number ?? 0 })
        : t(`colourGame.join.${selection.type}`);

  function confirm() {
    if (!selection || !sendable || submitting) return;
    onConfirm({ selection, contractMoneyMajor: money, count, agreed });
  }

  return (
    <>
      <Dialog
        visible={open}
        title={<span data-testid="bet-dialog-title">{title}</span>}
        onClose={onClose}
        content={
          <div className={styles.dialogBody} data-testid="bet-dialog">
            <span className={styles.fieldLabel}>{t('colourGame.bet.contractMoney')}</span>
            <div className={styles.presets}>
              {presets.map((preset) => (
                <button
                  key={preset}
                  type="button"
                  aria-pressed={preset === money}
                  className={`${styles.preset} ${preset === money ? styles.presetActive : ''}`}
                  onClick={() => setMoney(preset)}
                  data-testid={`bet-money-${preset}`}
                >
                  {preset}
                </button>
              ))}
            </div>
            <label className={styles.fieldLabel} htmlFor={`${id}-count`}>
              {t('colourGame.bet.count')}
            </label>
            <div className={styles.stepper}>
              <button
                type="button"
                className={styles.stepButton}
                onClick={() => setCountText(String(decreaseCount(count)))}
                aria-label={t('colourGame.bet.decrease')}
                data-testid="bet-count-minus"
              >
                −
              </button>
              <input
                id={`${id}-count`}
                className={styles.countInput}
                value={countText}
                onChange={(event) => setCountText(cleanCountText(event.target.value))}
                inputMode="numeric"
                autoComplete="off"
                data-testid="bet-count"
              />
              <button
                type="button"
                className={styles.stepButton}
                onClick={() => setCountText(String(increaseCount(count)))}
                aria-label={t('colourGame.bet.increase')}
                data-testid="bet-count-plus"
              >
                +
              </button>
            </div>
            <p className={styles.total} data-testid="bet-total">
              {t('colourGame.bet.total', { amount: formatMoney(totalMoneyMinor(money, count), market) })}
            </p>
            <div className={styles.agree}>
              <Checkbox checked={agreed} onChange={setAgreed} data-testid="bet-agree">
                {t('colourGame.bet.agree')}
              </Checkbox>
              <button
                type="button"
                className={styles.link}
                onClick={() => setPresaleOpen(true)}
                data-testid="bet-presale-rule"
              >
                {t('colourGame.bet.presaleRule')}
              </button>
            </div>
          </div>
        }
        actions={[
          [
            { key: 'cancel', text: t('common.cancel') },
            withTestId(
              {
                key: 'confirm',
                text: t('colourGame.bet.confirm'),
                bold: true,
                disabled: !sendable || submitting,
              },
              'bet-confirm',
            ),
          ],
        ]}
        onAction={(action) => {
          if (action.key === 'confirm') confirm();
          else onClose();
        }}
      />
      <RulesDialog kind="presale" open={presaleOpen} onClose={() => setPresaleOpen(false)} />
    </>
  );
}
