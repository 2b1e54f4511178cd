import type { ColourCategory } from '@app/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useGoBack } from '../../../shared/navigation/use-go-back.hook.ts';
import { ScreenToolbar } from '../../../shared/ui/screen-toolbar.component.tsx';
import {
  RECORD_PAGE_SIZES,
  type RecordPageSize,
  useMyBets,
  usePeriodRecords,
} from '../hooks/use-colour-records.hook.ts';
import { categoryFromQuery, ROOM_NAMES } from '../rules/colour-rooms.rule.ts';
import styles from './colour-game.module.css';
import { EarlyAccessGate } from './early-access-gate.component.tsx';
import { MyBetsList } from './my-bets-list.component.tsx';
import { PagedRows } from './paged-rows.component.tsx';
import { PeriodRecordsTable } from './period-records-table.component.tsx';

/** Where the back arrow goes when the screen was opened directly. */
const BACK_FALLBACK_PATH = '/win';

/** The page size choice of the record screens: 10 or 20, 10 by default (spec 02 §2, §9). */
function PageSizeChoice({
  value,
  onChange,
}: {
  value: RecordPageSize;
  onChange: (size: RecordPageSize) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.pagerSizes}>
      {RECORD_PAGE_SIZES.map((size) => (
        <button
          key={size}
          type="button"
          aria-pressed={size === value}
          className={`${styles.preset} ${size === value ? styles.presetActive : ''}`}
          onClick={() => onChange(size)}
          data-testid={`page-size-${size}`}
        >
          {t('colourGame.pager.pageSize', { size })}
        </button>
      ))}
    </div>
  );
}

interface RecordScreenFrameProps {
  titleKey: 'colourGame.winRecord' | 'colourGame.myWinRecord';
  children: (category: ColourCategory) => ReactNode;
}

/** The frame both record screens share: toolbar with the category, the early-access gate. */
function RecordScreenFrame({ titleKey, children }: RecordScreenFrameProps) {
  const { t } = useTranslation();
  const goBack = useGoBack(BACK_FALLBACK_PATH);
  const [searchParams] = useSearchParams();
  const category = categoryFromQuery(searchParams.get('category_value'));
  return (
    <>
      <ScreenToolbar title={`${t(titleKey)} · ${ROOM_NAMES[category]}`} onBack={goBack} />
      <EarlyAccessGate>
        <div className={styles.page}>{children(category)}</div>
      </EarlyAccessGate>
    </>
  );
}

/** A table of pages with the page size choice; the page goes back to 1 when the size changes. */
function usePaging() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<RecordPageSize>(RECORD_PAGE_SIZES[0]);
  const changeSize = (size: RecordPageSize) => {
    setPageSize(size);
    setPage(1);
  };
  return { page, setPage, pageSize, changeSize };
}

function PeriodRecords({ category }: { category: ColourCategory }) {
  const { page, setPage, pageSize, changeSize } = usePaging();
  const records = usePeriodRecords(category, page, pageSize);
  return (
    <section className={styles.card}>
      <PageSizeChoice value={pageSize} onChange={changeSize} />
      <PagedRows
        query={records}
        label="period records"
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        testId="period-records-pager"
      >
        {(rows) => <PeriodRecordsTable rows={rows} />}
      </PagedRows>
    </section>
  );
}

function MyBets({ category }: { category: ColourCategory }) {
  const { page, setPage, pageSize, changeSize } = usePaging();
  const bets = useMyBets(category, page, pageSize);
  return (
    <section className={styles.card}>
      <PageSizeChoice value={pageSize} onChange={changeSize} />
      <PagedRows
        query={bets}
        label="my records"
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        testId="my-bets-pager"
      >
        {(rows) => <MyBetsList rows={rows} />}
      </PagedRows>
    </section>
  );
}

/** /guessRecord?category_value=P: the public records of all periods of a category (spec 02 §2). */
export function GuessRecordScreen() {
  return (
    <RecordScreenFrame titleKey="colourGame.winRecord">
      {(category) => <PeriodRecords key={category} category={category} />}
    </RecordScreenFrame>
  );
}

/** /myGuessRecord?category_value=P: the player's own bets, each row expanding to its details. */
export function MyGuessRecordScreen() {
  return (
    <RecordScreenFrame titleKey="colourGame.myWinRecord">
      {(category) => <MyBets key={category} category={category} />}
    </RecordScreenFrame>
  );
}
