import type { ColourHistoryEntryDto } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type HistoryCounts,
  PARITY_GRID_COLUMNS,
  progressMaximum,
  progressPercent,
  ROUND_TABS,
  type RoundTab,
  roundRows,
  streakColumns,
  wrapIntoColumns,
} from '../rules/colour-history.rule.ts';
import { mainColour } from '../rules/guess-display.rule.ts';
import styles from './colour-game.module.css';
import { colourClass, digitCellClass } from './result-marks.component.tsx';
import { TabStrip } from './tab-strip.component.tsx';

/** What a cell of the streak and round tables shows: the period's label or its open number (spec 02 §2). */
export type CellContent = 'period' | 'number';

function Cell({ entry, content }: { entry: ColourHistoryEntryDto; content: CellContent }) {
  return (
    <span className={`${styles.cell} ${digitCellClass(entry.last_num)}`} title={entry.period}>
      {content === 'period' ? entry.today_times : entry.last_num}
    </span>
  );
}

/** The streak table: a column per run of one main colour. */
export function StreakTable({
  periods,
  content,
}: {
  periods: readonly ColourHistoryEntryDto[];
  content: CellContent;
}) {
  return (
    <div className={styles.scroller}>
      <div className={styles.columns} data-testid="history-streaks">
        {streakColumns(periods).map((column) => (
          <div
            key={column.entries[0]?.period}
            className={styles.column}
            data-testid="history-streak"
            data-colour={column.colour}
          >
            {column.entries.map((entry) => (
              <Cell key={entry.period} entry={entry} content={content} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The Rd.2 to Rd.7 tabs: the day's results in columns of 3 to 8 rows. */
export function RoundTables({
  periods,
  content,
}: {
  periods: readonly ColourHistoryEntryDto[];
  content: CellContent;
}) {
  const { t } = useTranslation();
  const [round, setRound] = useState<RoundTab>(ROUND_TABS[0]);
  return (
    <>
      <TabStrip
        items={ROUND_TABS.map((tab) => ({
          key: String(tab),
          title: t('colourGame.history.round', { round: tab }),
        }))}
        active={String(round)}
        onChange={(key) => setRound(ROUND_TABS.find((tab) => String(tab) === key) ?? ROUND_TABS[0])}
        label={t('colourGame.history.streak')}
        testId="history-round"
      />
      <div className={styles.scroller}>
        <div className={styles.columns} data-testid="history-round-table" data-rows={roundRows(round)}>
          {wrapIntoColumns(periods, roundRows(round)).map((column) => (
            <div key={column[0]?.period} className={styles.column} data-testid="history-round-column">
              {column.map((entry) => (
                <Cell key={entry.period} entry={entry} content={content} />
              ))}
            </div>
          ))}
        </div>
      </div>
    </>
  );
}

function Bar({
  label,
  count,
  maximum,
  className,
}: {
  label: string;
  count: number;
  maximum: number;
  className: string;
}) {
  return (
    <li className={styles.bar} data-testid="history-bar">
      <span>{label}</span>
      <span
        className={styles.barTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={maximum}
        aria-valuenow={count}
      >
        <span
          className={`${styles.barFill} ${className}`}
          style={{ width: `${progressPercent(count, maximum)}%` }}
        />
      </span>
      <span>{count}</span>
    </li>
  );
}

/** Progress bars for red, green, violet and each digit, against twice the larger of red and green. */
export function ProgressBars({ counts }: { counts: HistoryCounts }) {
  const { t } = useTranslation();
  const maximum = progressMaximum(counts);
  return (
    <ul className={styles.bars} data-testid="history-bars" data-maximum={maximum}>
      <Bar
        label={t('colourGame.guess.R')}
        count={counts.red}
        maximum={maximum}
        className={colourClass('red')}
      />
      <Bar
        label={t('colourGame.guess.G')}
        count={counts.green}
        maximum={maximum}
        className={colourClass('green')}
      />
      <Bar
        label={t('colourGame.guess.V')}
        count={counts.violet}
        maximum={maximum}
        className={colourClass('violet')}
      />
      {counts.digits.map((count, digit) => (
        <Bar
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the digit itself.
          key={digit}
          label={String(digit)}
          count={count}
          maximum={maximum}
          className={digitCellClass(digit)}
        />
      ))}
    </ul>
  );
}

/** The parity page's grid of the day's results, ten to a row. */
export function ParityGrid({ periods }: { periods: readonly ColourHistoryEntryDto[] }) {
  return (
    <div
      className={styles.grid}
      style={{ gridTemplateColumns: `repeat(${PARITY_GRID_COLUMNS}, 1fr)` }}
      data-testid="parity-grid"
    >
      {periods.map((entry) => (
        <span
          key={entry.period}
          className={`${styles.ball} ${colourClass(mainColour(entry))} ${entry.is_violet ? digitCellClass(entry.last_num) : ''}`}
          title={entry.period}
        >
          {entry.last_num}
        </span>
      ))}
    </div>
  );
}
