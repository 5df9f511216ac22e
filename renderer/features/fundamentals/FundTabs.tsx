import {
  formatCompact,
  formatNumber,
  formatPointsPercent,
  formatRatioPercent,
  text,
} from '../../lib/unit-format';
import { Fields, Loaded, MiniChart, Section, SimpleTable } from './parts';
import type { TabProps } from './StockTabs';
import { DocumentsTable } from './DocumentsTable';
import { useFundamental } from './use-fundamental';
import styles from './Fundamentals.module.css';

// Fund operations take the ETF category only.
const fund = (i: TabProps['instrument']) => ({ symbol: i.symbol, category: 'US_ETF' as const });

export function BriefTab({ instrument }: TabProps) {
  const q = useFundamental('api.fundBrief', fund(instrument));
  return (
    <Loaded query={q} what="fund brief">
      {(b) => (
        <Section title={`${text(b.name)} (${text(b.symbol)})`}>
          <Fields
            items={[
              ['Issuer', text(b.issuer)],
              ['Category', text(b.fund_category)],
              ['Benchmark', text(b.benchmark)],
              ['Inception', text(b.inception_date)],
              ['NAV', formatNumber(b.nav)],
              ['AUM', formatCompact(b.aum)],
              ['Expense ratio', formatRatioPercent(b.expense_ratio)],
              ['Dividend yield', formatRatioPercent(b.dividend_yield)],
              ['Holdings', formatCompact(b.holdings_count)],
            ]}
          />
          <p className={styles.desc}>{text(b.description)}</p>
        </Section>
      )}
    </Loaded>
  );
}

export function PerformanceTab({ instrument }: TabProps) {
  const q = useFundamental('api.fundPerformance', fund(instrument));
  const pct = (v: unknown) => formatRatioPercent(v, { signed: true });
  return (
    <Loaded query={q} what="performance">
      {(p) => (
        <Section title={`Performance (as of ${text(p.as_of)})`}>
          <Fields
            items={[
              ['1 month', pct(p.return_1m)],
              ['3 months', pct(p.return_3m)],
              ['Year to date', pct(p.return_ytd)],
              ['1 year', pct(p.return_1y)],
              ['Benchmark, 1 year', pct(p.benchmark_return_1y)],
              ['3 years', pct(p.return_3y)],
              ['5 years', pct(p.return_5y)],
              ['Since inception', pct(p.return_since_inception)],
            ]}
          />
        </Section>
      )}
    </Loaded>
  );
}

export function NetValueTab({ instrument }: TabProps) {
  const q = useFundamental('api.fundNetValue', { ...fund(instrument), count: 60 });
  return (
    <Loaded query={q} what="net values" empty={(r) => r.length === 0}>
      {(rows) => {
        const sorted = [...rows].sort((a, b) => text(a.date).localeCompare(text(b.date)));
        return (
          <Section title="Net asset value">
            <MiniChart
              kind="line"
              title="NAV per day"
              labels={sorted.map((r) => text(r.date).slice(5))}
              series={[{ name: 'NAV', values: sorted.map((r) => r.nav), className: styles.actual ?? '' }]}
            />
            <SimpleTable
              caption="Net values"
              rows={[...sorted].reverse().slice(0, 20)}
              rowKey={(r, i) => `${r.date}-${i}`}
              columns={[
                { label: 'Date', show: (r) => text(r.date) },
                { label: 'NAV', numeric: true, show: (r) => formatNumber(r.nav, 4) },
                { label: 'Change', numeric: true, show: (r) => formatNumber(r.change, 4) },
                {
                  label: 'Change %',
                  numeric: true,
                  show: (r) => formatRatioPercent(r.change_ratio, { signed: true }),
                },
              ]}
            />
          </Section>
        );
      }}
    </Loaded>
  );
}

export function HoldingsTab({ instrument, onChoose }: TabProps & { onChoose(symbol: string): void }) {
  const q = useFundamental('api.fundHoldings', fund(instrument));
  return (
    <Loaded query={q} what="holdings" empty={(r) => (r.items ?? []).length === 0}>
      {(h) => (
        <Section title={`Holdings (as of ${text(h.as_of)})`}>
          <SimpleTable
            caption="Holdings"
            rows={h.items ?? []}
            rowKey={(r, i) => `${r.symbol}-${i}`}
            onChoose={(r) => onChoose(r.symbol)}
            chooseLabel={(r) => `${r.symbol} ${r.name}`}
            columns={[
              { label: 'Symbol', show: (r) => text(r.symbol) },
              { label: 'Name', show: (r) => text(r.name) },
              { label: 'Weight', numeric: true, show: (r) => formatPointsPercent(r.weight) },
              { label: 'Shares', numeric: true, show: (r) => formatCompact(r.shares) },
              { label: 'Market value', numeric: true, show: (r) => formatCompact(r.market_value) },
            ]}
          />
        </Section>
      )}
    </Loaded>
  );
}

export function AllocationTab({ instrument }: TabProps) {
  const q = useFundamental('api.fundAllocation', fund(instrument));
  const slices = (title: string, rows: Array<{ name: string; weight: string }> | undefined) => (
    <Section title={title}>
      <SimpleTable
        caption={title}
        rows={rows ?? []}
        rowKey={(r, i) => `${r.name}-${i}`}
        columns={[
          { label: 'Name', show: (r) => text(r.name) },
          { label: 'Weight', numeric: true, show: (r) => formatPointsPercent(r.weight) },
        ]}
      />
    </Section>
  );
  return (
    <Loaded query={q} what="allocation">
      {(a) => (
        <>
          <p className={styles.note}>As of {text(a.as_of)}</p>
          {slices('Asset classes', a.asset_classes)}
          {slices('Sectors', a.sectors)}
          {slices('Regions', a.regions)}
        </>
      )}
    </Loaded>
  );
}

export function FundDividendsTab({ instrument }: TabProps) {
  const q = useFundamental('api.fundDividends', { ...fund(instrument), page_size: 50 });
  return (
    <Loaded query={q} what="fund dividends" empty={(r) => (r.items ?? []).length === 0}>
      {(p) => (
        <Section title="Distributions">
          <SimpleTable
            caption="Distributions"
            rows={p.items ?? []}
            rowKey={(r, i) => `${r.ex_date}-${i}`}
            columns={[
              { label: 'Ex-date', show: (r) => text(r.ex_date) },
              { label: 'Pay date', show: (r) => text(r.pay_date) },
              { label: 'Amount', numeric: true, show: (r) => formatNumber(r.amount, 4) },
              { label: 'Currency', show: (r) => text(r.currency) },
            ]}
          />
        </Section>
      )}
    </Loaded>
  );
}

export function RatingTab({ instrument }: TabProps) {
  const q = useFundamental('api.fundRating', fund(instrument));
  return (
    <Loaded query={q} what="fund rating">
      {(r) => (
        <Section title="Rating">
          <Fields
            items={[
              [
                'Rating',
                typeof r.rating === 'number' ? (
                  <span aria-label={`${r.rating} of 5 stars`}>
                    {'★'.repeat(r.rating) + '☆'.repeat(Math.max(0, 5 - r.rating))}
                  </span>
                ) : undefined,
              ],
              ['Risk level', text(r.risk_level)],
              ['Rated by', text(r.rated_by)],
              ['As of', text(r.as_of)],
            ]}
          />
        </Section>
      )}
    </Loaded>
  );
}

export function SplitsTab({ instrument }: TabProps) {
  const q = useFundamental('api.fundSplits', fund(instrument));
  return (
    <Loaded query={q} what="splits" empty={(r) => r.length === 0}>
      {(rows) => (
        <Section title="Splits">
          <SimpleTable
            caption="Splits"
            rows={rows}
            rowKey={(r, i) => `${r.date}-${i}`}
            columns={[
              { label: 'Date', show: (r) => text(r.date) },
              {
                label: 'Ratio',
                show: (r) => `${formatNumber(r.ratio_to, 0)} for ${formatNumber(r.ratio_from, 0)}`,
              },
            ]}
          />
        </Section>
      )}
    </Loaded>
  );
}

export function FilesTab({ instrument }: TabProps) {
  const q = useFundamental('api.fundFiles', fund(instrument));
  return (
    <Loaded query={q} what="fund files" empty={(r) => r.length === 0}>
      {(rows) => (
        <Section title="Files">
          <DocumentsTable
            caption="Fund files"
            rows={rows}
            rowKey={(r, i) => `${r.file_id}-${i}`}
            before={[
              { label: 'Date', show: (r) => text(r.date) },
              { label: 'Type', show: (r) => text(r.file_type) },
            ]}
          />
        </Section>
      )}
    </Loaded>
  );
}
