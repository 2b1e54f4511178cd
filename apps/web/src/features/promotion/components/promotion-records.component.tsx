import type { PromotionLevel } from '@app/shared';
import type { QueryKey } from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { isoDateTime, useFormatDateTime } from '../../../shared/format/date-time.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import type { RecordPage } from '../../wallet/api/wallet.api.ts';
import { RecordFeed } from '../../wallet/components/record-feed.component.tsx';
import { usePagedRecords } from '../../wallet/hooks/use-paged-records.hook.ts';
import {
  type BonusRow,
  fetchBonusPage,
  fetchProfitTransferPage,
  fetchReferredPage,
  type ProfitTransferRow,
  promotionQueryKeys,
  type ReferredRow,
} from '../api/promotion.api.ts';
import styles from './promotion.module.css';

function LevelTabs({
  level,
  onChange,
}: {
  level: PromotionLevel;
  onChange: (level: PromotionLevel) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs activeKey={String(level)} onChange={(key) => onChange(key === '2' ? 2 : 1)}>
      <Tabs.Tab title={t('promo.level', { level: 1 })} key="1" />
      <Tabs.Tab title={t('promo.level', { level: 2 })} key="2" />
    </Tabs>
  );
}

function Time({ at }: { at: number }) {
  const formatDateTime = useFormatDateTime();
  return <time dateTime={isoDateTime(at)}>{formatDateTime(at)}</time>;
}

interface LevelRecordScreenProps<Row> {
  title: string;
  queryKey: (level: PromotionLevel) => QueryKey;
  fetchPage: (level: PromotionLevel, page: number, signal: AbortSignal) => Promise<RecordPage<Row>>;
  rowKey: (row: Row, index: number) => string;
  testId: string;
  renderRow: (row: Row) => ReactNode;
}

/** The paged rows of one level. */
function LevelFeed<Row>({
  level,
  title,
  queryKey,
  fetchPage,
  ...feed
}: LevelRecordScreenProps<Row> & { level: PromotionLevel }) {
  const records = usePagedRecords(queryKey(level), (page, signal) => fetchPage(level, page, signal));
  return <RecordFeed records={records} label={title} {...feed} />;
}

/**
 * A record screen with level tabs (1 or 2) over one feed; the feed is keyed by level so that switching
 * tabs starts a fresh list instead of mixing the levels' pages.
 */
function LevelRecordScreen<Row>(props: LevelRecordScreenProps<Row>) {
  const goBack = useGoBack('/promotion');
  const [level, setLevel] = useState<PromotionLevel>(1);
  return (
    <>
      <ScreenToolbar title={props.title} onBack={goBack} />
      <div className={styles.page}>
        <LevelTabs level={level} onChange={setLevel} />
        <LevelFeed key={level} level={level} {...props} />
      </div>
    </>
  );
}

/** /bonusRecord (spec 02 §2): bonus rows of level 1 or 2. */
export function BonusRecordScreen() {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  return (
    <LevelRecordScreen<BonusRow>
      title={t('promo.bonusRecord')}
      queryKey={promotionQueryKeys.bonuses}
      fetchPage={(level, page, signal) => fetchBonusPage(api, level, page, signal)}
      rowKey={(row, index) => `${row.relationId}-${index}`}
      testId="bonus-record-list"
      renderRow={(row) => (
        <article className={styles.row}>
          <div className={styles.rowHead}>
            <span>{row.type === 'BFFR' ? t('promo.typeBffr') : t('promo.typeP')}</span>
            <strong data-testid="bonus-record-change">+{formatPrice(row.change)}</strong>
          </div>
          <div className={styles.rowMeta}>
            <span>
              {row.nickName} · {row.relationId}
            </span>
            <Time at={row.createTime} />
          </div>
        </article>
      )}
    />
  );
}

/** /promotionRecord (spec 02 §2): the referred players of level 1 or 2. */
export function PromotionRecordScreen() {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  return (
    <LevelRecordScreen<ReferredRow>
      title={t('promo.promotionRecord')}
      queryKey={promotionQueryKeys.referred}
      fetchPage={(level, page, signal) => fetchReferredPage(api, level, page, signal)}
      rowKey={(row, index) => `${row.createTime}-${index}`}
      testId="promotion-record-list"
      renderRow={(row) => (
        <article className={styles.row}>
          <div className={styles.rowHead}>
            <span>{row.nickName}</span>
            <span>
              {t('promo.firstRecharge')}: {formatPrice(row.firstRecharge)}
            </span>
          </div>
          <div className={styles.rowMeta}>
            <Time at={row.createTime} />
          </div>
        </article>
      )}
    />
  );
}

const TRANSFER_STATUS_CLASSES: Readonly<Record<string, string | undefined>> = {
  Wait: styles.statusWait,
  Completed: styles.statusSuccess,
  Refused: styles.statusRefused,
};

/** /applyToBalanceRecord (spec 02 §2): the profit transfers, Wait or Completed. */
export function ApplyToBalanceRecordScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/promotion');
  const formatPrice = useFormatPrice();
  const records = usePagedRecords(promotionQueryKeys.transfers, (page, signal) =>
    fetchProfitTransferPage(api, page, signal),
  );
  return (
    <>
      <ScreenToolbar title={t('promo.applyRecord')} onBack={goBack} />
      <div className={styles.page}>
        <RecordFeed
          records={records}
          label={t('promo.applyRecord')}
          rowKey={(row: ProfitTransferRow, index) => `${row.createTime}-${index}`}
          testId="apply-record-list"
          renderRow={(row: ProfitTransferRow) => (
            <article className={styles.row}>
              <div className={styles.rowHead}>
                <strong>{formatPrice(row.price)}</strong>
                <span
                  className={`${styles.status} ${TRANSFER_STATUS_CLASSES[row.status] ?? ''}`}
                  data-testid="apply-record-status"
                >
                  {t(
                    `promo.transferStatus.${row.status === 'Completed' || row.status === 'Refused' ? row.status : 'Wait'}`,
                  )}
                </span>
              </div>
              <div className={styles.rowMeta}>
                <Time at={row.createTime} />
              </div>
            </article>
          )}
        />
      </div>
    </>
  );
}
