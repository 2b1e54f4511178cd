import {
  SUGGESTION_DESCRIPTION_MAX_LENGTH,
  SUGGESTION_TYPES,
  type SuggestionDto,
  type SuggestionStatus,
  type SuggestionType,
} from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Tabs } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import { showCompletedDialog, showNoticeDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { isoDateTime, useFormatDateTime } from '../../../shared/format/date-time.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import styles from '../../promotion/components/promotion.module.css';
import { RecordFeed } from '../../wallet/components/record-feed.component.tsx';
import { usePagedRecords } from '../../wallet/hooks/use-paged-records.hook.ts';
import {
  addSuggestion,
  fetchSuggestionPage,
  isSuggestionComplete,
  suggestionQueryKeys,
} from '../api/suggestions.api.ts';

function SuggestionFeed({ status }: { status: SuggestionStatus }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const records = usePagedRecords(suggestionQueryKeys.list(status), (page, signal) =>
    fetchSuggestionPage(api, status, page, signal),
  );
  return (
    <RecordFeed
      records={records}
      label={t('promo.suggestionsTitle')}
      rowKey={(row: SuggestionDto) => row.serial_number}
      testId="suggestion-list"
      renderRow={(row: SuggestionDto) => (
        <article className={styles.row} data-testid="suggestion-row">
          <div className={styles.rowHead}>
            <strong>{t(`promo.suggestionTypes.${row.type}`)}</strong>
            <span>{t(`promo.suggestionStatus.${row.status}`)}</span>
          </div>
          <p>{row.content}</p>
          {row.supple_serial ? <p className={styles.rowMeta}>{row.supple_serial}</p> : null}
          {row.reply ? (
            <p className={styles.reply} data-testid="suggestion-reply">
              {t('promo.reply')}: {row.reply}
            </p>
          ) : null}
          <div className={styles.rowMeta}>
            <span>{row.serial_number}</span>
            <time dateTime={isoDateTime(row.create_time)}>{formatDateTime(row.create_time)}</time>
          </div>
        </article>
      )}
    />
  );
}

/** /suggestionList (spec 02 "Suggestions"): tabs Completed and Wait, and an add button. */
export function SuggestionListScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/mine');
  const navigate = useNavigate();
  const [status, setStatus] = useState<SuggestionStatus>('Wait');
  return (
    <>
      <ScreenToolbar
        title={t('promo.suggestionsTitle')}
        onBack={goBack}
        right={
          <Button
            size="mini"
            color="primary"
            onClick={() => navigate('/addSuggestion')}
            data-testid="suggestion-add"
          >
            {t('promo.add')}
          </Button>
        }
      />
      <div className={styles.page}>
        <Tabs activeKey={status} onChange={(key) => setStatus(key === 'Completed' ? 'Completed' : 'Wait')}>
          <Tabs.Tab title={t('promo.suggestionStatus.Completed')} key="Completed" />
          <Tabs.Tab title={t('promo.suggestionStatus.Wait')} key="Wait" />
        </Tabs>
        <SuggestionFeed key={status} status={status} />
      </div>
    </>
  );
}

/** /addSuggestion (spec 02 "Suggestions"): type, whats_app, description (n/500) and an optional out_id. */
export function AddSuggestionScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/suggestionList');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const ids = { type: useId(), whatsApp: useId(), description: useId(), outId: useId() };
  const [type, setType] = useState<SuggestionType | ''>(params.get('t') === 'recharge' ? 'RP' : '');
  const [whatsApp, setWhatsApp] = useState('');
  const [description, setDescription] = useState('');
  const [outId, setOutId] = useState('');
  const send = useMutation({
    mutationFn: (input: Parameters<typeof addSuggestion>[1]) => addSuggestion(api, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: suggestionQueryKeys.all });
      await showCompletedDialog(t('promo.suggestionSuccess'));
      navigate('/suggestionList', { replace: true });
    },
    onError: (error) => showNoticeDialog(errorMessage(error)),
  });
  const submit = () => {
    const input = { type, whatsApp, description, outId };
    if (isSuggestionComplete(input) && !send.isPending) send.mutate(input);
  };
  return (
    <>
      <ScreenToolbar title={t('promo.addSuggestionTitle')} onBack={goBack} />
      <div className={styles.page}>
        <section className={styles.card}>
          <label className={styles.field} htmlFor={ids.type}>
            <span>{t('promo.type')}</span>
            <select
              id={ids.type}
              className={styles.select}
              value={type}
              data-testid="suggestion-type"
              onChange={(event) => setType(event.target.value as SuggestionType | '')}
            >
              <option value="">{t('promo.chooseType')}</option>
              {SUGGESTION_TYPES.map((code) => (
                <option key={code} value={code}>
                  {t(`promo.suggestionTypes.${code}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field} htmlFor={ids.whatsApp}>
            <span>WhatsApp</span>
            <div className={styles.control}>
              <input
                id={ids.whatsApp}
                className={styles.input}
                value={whatsApp}
                data-testid="suggestion-whatsapp"
                onChange={(event) => setWhatsApp(event.target.value)}
              />
            </div>
          </label>
          <label className={styles.field} htmlFor={ids.description}>
            <span>{t('promo.description')}</span>
            <textarea
              id={ids.description}
              className={styles.textarea}
              maxLength={SUGGESTION_DESCRIPTION_MAX_LENGTH}
              value={description}
              data-testid="suggestion-description"
              onChange={(event) => setDescription(event.target.value)}
            />
            <span className={styles.counter}>
              {description.length}/{SUGGESTION_DESCRIPTION_MAX_LENGTH}
            </span>
          </label>
          <label className={styles.field} htmlFor={ids.outId}>
            <span>{t('promo.outId')}</span>
            <div className={styles.control}>
              <input
                id={ids.outId}
                className={styles.input}
                value={outId}
                data-testid="suggestion-out-id"
                onChange={(event) => setOutId(event.target.value)}
              />
            </div>
          </label>
          <Button
            color="primary"
            block
            loading={send.isPending}
            onClick={submit}
            data-testid="suggestion-submit"
          >
            {t('promo.submit')}
          </Button>
        </section>
      </div>
    </>
  );
}
