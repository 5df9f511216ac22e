import type { ReactNode } from 'react';
import { PAGE_SIZES, PERIODS, SCREENER_KINDS, type ScreenerSettings } from './screener-kinds';
import styles from './Screeners.module.css';

function Select<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange(v: T): void;
}) {
  return (
    <label className={styles.field}>
      {label}
      <select
        className="select"
        value={String(value)}
        onChange={(e) => {
          const hit = options.find(([v]) => String(v) === e.target.value);
          if (hit) onChange(hit[0]);
        }}
      >
        {options.map(([v, l]) => (
          <option key={String(v)} value={String(v)}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The screener's parameters as labelled native selects (each change persists in the panel settings). */
export function ScreenerControls({
  settings: s,
  update,
  children,
}: {
  settings: ScreenerSettings;
  update(patch: Partial<ScreenerSettings>): void;
  children?: ReactNode;
}) {
  return (
    <div className={styles.controls}>
      <Select
        label="Screener"
        value={s.kind}
        options={SCREENER_KINDS.map((k) => [k.id, k.label] as const)}
        onChange={(kind) => update({ kind, sector: undefined, sortBy: undefined })}
      />
      <Select
        label="Category"
        value={s.category}
        options={[
          ['US_STOCK', 'Stocks'],
          ['US_ETF', 'ETFs'],
        ]}
        onChange={(category) => update({ category })}
      />
      {s.kind === 'gainersLosers' && (
        <Select
          label="Direction"
          value={s.gainersLosers}
          options={[
            ['GAINERS', 'Gainers'],
            ['LOSERS', 'Losers'],
          ]}
          onChange={(gainersLosers) => update({ gainersLosers })}
        />
      )}
      {s.kind === 'topActive' && (
        <Select
          label="Rank by"
          value={s.topActive}
          options={[
            ['VOLUME', 'Volume'],
            ['TURNOVER', 'Turnover'],
            ['RANGE', 'Range'],
          ]}
          onChange={(topActive) => update({ topActive })}
        />
      )}
      {s.kind === 'week52HighLow' && (
        <Select
          label="Extreme"
          value={s.week52}
          options={[
            ['HIGH', 'New 52-week highs'],
            ['LOW', 'New 52-week lows'],
          ]}
          onChange={(week52) => update({ week52 })}
        />
      )}
      {s.kind === 'marketSectors' && (
        <>
          <Select
            label="Group by"
            value={s.aggType}
            options={[
              ['SECTOR', 'Sector'],
              ['INDUSTRY', 'Industry'],
            ]}
            onChange={(aggType) => update({ aggType, sector: undefined })}
          />
          <Select
            label="Period"
            value={s.period}
            options={PERIODS.map((p) => [p, p] as const)}
            onChange={(period) => update({ period })}
          />
        </>
      )}
      <Select
        label="Rows"
        value={s.pageSize}
        options={PAGE_SIZES.map((n) => [n, String(n)] as const)}
        onChange={(pageSize) => update({ pageSize })}
      />
      {children}
    </div>
  );
}
