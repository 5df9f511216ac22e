import type { LinkedInstrument } from '../../ui/panel-types';
import { formatCompact, formatNumber, formatRatioPercent, text } from '../../lib/unit-format';
import { Fields, Loaded, MiniChart, Section, SimpleTable } from './parts';
import { DocumentsTable } from './DocumentsTable';
import { useFundamental } from './use-fundamental';
import styles from './Fundamentals.module.css';

export type TabProps = { instrument: LinkedInstrument };
const sym = (i: LinkedInstrument) => ({ symbol: i.symbol, category: i.category });

export function ProfileTab({ instrument }: TabProps) {
  const profile = useFundamental('api.companyProfile', sym(instrument));
  const record = useFundamental('api.instruments', {
    symbols: [instrument.symbol],
    category: instrument.category,
  });
  return (
    <>
      <Loaded query={profile} what="company profile">
        {(p) => (
          <Section title={`${text(p.name)} (${text(p.symbol)})`}>
            <Fields
              items={[
                ['Exchange', text(p.exchange)],
                ['Sector', text(p.sector)],
                ['Industry', text(p.industry)],
                ['Market cap', formatCompact(p.market_cap)],
                ['Shares outstanding', formatCompact(p.shares_outstanding)],
                ['P/E', formatNumber(p.pe_ratio)],
                [
                  '52-week range',
                  p.low_52w && p.high_52w
                    ? `${formatNumber(p.low_52w)} – ${formatNumber(p.high_52w)}`
                    : undefined,
                ],
                ['Employees', formatCompact(p.employees)],
                ['CEO', text(p.ceo)],
                ['Headquarters', text(p.headquarters)],
                ['Founded', text(p.founded)],
                ['IPO date', text(p.ipo_date)],
                ['Currency', text(p.currency)],
                ['Website', text(p.website)],
              ]}
            />
            <p className={styles.desc}>{text(p.description)}</p>
          </Section>
        )}
      </Loaded>
      <Loaded query={record} what="instrument record" empty={(r) => r.length === 0}>
        {(rows) => {
          const r = rows[0];
          return (
            <Section title="Instrument and margin">
              <Fields
                items={[
                  ['Instrument id', text(r?.instrument_id)],
                  ['Status', text(r?.status)],
                  ['Lot size', formatNumber(r?.lot_size, 0)],
                  ['Shortable', r?.shortable === undefined ? undefined : r.shortable ? 'Yes' : 'No'],
                  ['Marginable', r?.marginable === undefined ? undefined : r.marginable ? 'Yes' : 'No'],
                  ['Intraday margin, long', formatRatioPercent(r?.intraday_margin_long)],
                  ['Intraday margin, short', formatRatioPercent(r?.intraday_margin_short)],
                  ['Maintenance margin, long', formatRatioPercent(r?.maintenance_margin_long)],
                  ['Maintenance margin, short', formatRatioPercent(r?.maintenance_margin_short)],
                ]}
              />
            </Section>
          );
        }}
      </Loaded>
    </>
  );
}

const RATINGS = [
  ['strong_buy', 'Strong buy', 'var(--up)'],
  ['buy', 'Buy', 'color-mix(in srgb, var(--up) 60%, transparent)'],
  ['hold', 'Hold', 'var(--text-faint)'],
  ['sell', 'Sell', 'color-mix(in srgb, var(--down) 60%, transparent)'],
  ['strong_sell', 'Strong sell', 'var(--down)'],
] as const;

export function AnalystsTab({ instrument }: TabProps) {
  const rating = useFundamental('api.analystRating', sym(instrument));
  const target = useFundamental('api.analystTargetPrice', sym(instrument));
  return (
    <>
      <Loaded query={rating} what="analyst ratings">
        {(r) => {
          const counts = RATINGS.map(([k]) => (typeof r[k] === 'number' ? r[k] : 0));
          const total = counts.reduce((a, b) => a + b, 0);
          return (
            <Section title={`Rating distribution · consensus ${text(r.consensus)}`}>
              <div
                className={styles.ratingBar}
                role="img"
                aria-label={RATINGS.map(([, l], i) => `${l} ${counts[i]}`).join(', ')}
              >
                {RATINGS.map(([k, , colour], i) =>
                  total > 0 && counts[i] ? (
                    <span key={k} style={{ flex: counts[i], background: colour }} />
                  ) : null,
                )}
              </div>
              <Fields items={RATINGS.map(([k, l]) => [l, text(r[k])])} />
            </Section>
          );
        }}
      </Loaded>
      <Loaded query={target} what="target prices">
        {(t) => <TargetRange t={t} />}
      </Loaded>
    </>
  );
}

function TargetRange({
  t,
}: {
  t: {
    target_low?: string;
    target_median?: string;
    target_high?: string;
    current_price?: string;
    target_mean?: string;
    analyst_count?: number;
  };
}) {
  const pts = [t.target_low, t.target_high, t.current_price].map((v) => (v ? Number(v) : NaN));
  const ok = pts.every(Number.isFinite);
  const lo = Math.min(...pts);
  const span = Math.max(...pts) - lo || 1;
  const at = (v?: string) => `${(((Number(v) - lo) / span) * 76 + 12).toFixed(1)}%`;
  return (
    <Section title="Target price">
      {ok && (
        <div
          className={styles.range}
          role="img"
          aria-label="Target low, median and high against the last price"
        >
          {(
            [
              ['Low', t.target_low],
              ['Median', t.target_median],
              ['High', t.target_high],
            ] as const
          ).map(([l, v]) =>
            v ? (
              <span key={l} className={styles.marker} style={{ left: at(v) }}>
                │<br />
                {l} {formatNumber(v)}
              </span>
            ) : null,
          )}
          <span
            className={`${styles.marker} ${styles.actual}`}
            style={{ left: at(t.current_price), top: -20 }}
          >
            Last {formatNumber(t.current_price)}
            <br />▼
          </span>
        </div>
      )}
      <Fields
        items={[
          ['Last price', formatNumber(t.current_price)],
          ['Low', formatNumber(t.target_low)],
          ['Median', formatNumber(t.target_median)],
          ['Mean', formatNumber(t.target_mean)],
          ['High', formatNumber(t.target_high)],
          ['Analysts', text(t.analyst_count)],
        ]}
      />
    </Section>
  );
}

export function EarningsTab({ instrument }: TabProps) {
  const eps = useFundamental('api.forecastEps', sym(instrument));
  const cal = useFundamental('api.earningsCalendar', sym(instrument));
  return (
    <>
      <Loaded query={eps} what="EPS forecasts" empty={(r) => r.length === 0}>
        {(rows) => (
          <Section title="EPS: estimate vs actual">
            <MiniChart
              title="EPS per period"
              labels={rows.map((r) => `${text(r.fiscal_period)} ${text(r.fiscal_year)}`)}
              series={[
                {
                  name: 'Estimate',
                  values: rows.map((r) => r.eps_estimate),
                  className: styles.estimate ?? '',
                },
                { name: 'Actual', values: rows.map((r) => r.eps_actual), className: styles.actual ?? '' },
              ]}
            />
            <SimpleTable
              caption="EPS forecasts"
              rows={rows}
              rowKey={(r, i) => `${r.fiscal_year}-${r.fiscal_period}-${i}`}
              columns={[
                { label: 'Period', show: (r) => `${text(r.fiscal_period)} ${text(r.fiscal_year)}` },
                { label: 'Report date', show: (r) => text(r.report_date) },
                { label: 'Estimate', numeric: true, show: (r) => formatNumber(r.eps_estimate) },
                { label: 'Low', numeric: true, show: (r) => formatNumber(r.eps_low) },
                { label: 'High', numeric: true, show: (r) => formatNumber(r.eps_high) },
                { label: 'Actual', numeric: true, show: (r) => formatNumber(r.eps_actual) },
                { label: 'Revenue est.', numeric: true, show: (r) => formatCompact(r.revenue_estimate) },
                { label: 'Revenue', numeric: true, show: (r) => formatCompact(r.revenue_actual) },
              ]}
            />
          </Section>
        )}
      </Loaded>
      <Loaded query={cal} what="earnings dates" empty={(r) => r.length === 0}>
        {(rows) => (
          <Section title="Earnings calendar">
            <SimpleTable
              caption="Earnings calendar"
              rows={rows}
              rowKey={(r, i) => `${r.report_date}-${i}`}
              columns={[
                { label: 'Date', show: (r) => text(r.report_date) },
                { label: 'Time', show: (r) => text(r.report_time) },
                { label: 'Period', show: (r) => `${text(r.fiscal_period)} ${text(r.fiscal_year)}` },
                { label: 'EPS est.', numeric: true, show: (r) => formatNumber(r.eps_estimate) },
                { label: 'EPS', numeric: true, show: (r) => formatNumber(r.eps_actual) },
                { label: 'Revenue est.', numeric: true, show: (r) => formatCompact(r.revenue_estimate) },
                { label: 'Revenue', numeric: true, show: (r) => formatCompact(r.revenue_actual) },
              ]}
            />
          </Section>
        )}
      </Loaded>
    </>
  );
}

export function DividendsTab({ instrument }: TabProps) {
  const q = useFundamental('api.dividendCalendar', sym(instrument));
  return (
    <Loaded query={q} what="dividends" empty={(r) => r.length === 0}>
      {(rows) => (
        <Section title="Dividend calendar">
          <SimpleTable
            caption="Dividend calendar"
            rows={rows}
            rowKey={(r, i) => `${r.ex_date}-${i}`}
            columns={[
              { label: 'Announced', show: (r) => text(r.announce_date) },
              { label: 'Ex-date', show: (r) => text(r.ex_date) },
              { label: 'Record', show: (r) => text(r.record_date) },
              { label: 'Pay date', show: (r) => text(r.pay_date) },
              { label: 'Amount', numeric: true, show: (r) => formatNumber(r.amount, 4) },
              { label: 'Currency', show: (r) => text(r.currency) },
              { label: 'Frequency', show: (r) => text(r.frequency) },
              { label: 'Type', show: (r) => text(r.dividend_type) },
            ]}
          />
        </Section>
      )}
    </Loaded>
  );
}

export function FilingsTab({ instrument }: TabProps) {
  const q = useFundamental('api.filings', sym(instrument));
  return (
    <Loaded query={q} what="filings" empty={(r) => r.length === 0}>
      {(rows) => (
        <Section title="Filings">
          <DocumentsTable
            caption="Filings"
            rows={rows}
            rowKey={(r, i) => `${r.filing_id}-${i}`}
            before={[
              { label: 'Filed', show: (r) => text(r.filed_date) },
              { label: 'Form', show: (r) => text(r.form_type) },
            ]}
            after={[{ label: 'Period end', show: (r) => text(r.period_end) }]}
          />
        </Section>
      )}
    </Loaded>
  );
}

export function AlertsTab({ instrument }: TabProps) {
  const q = useFundamental('api.financialAlert', sym(instrument));
  return (
    <Loaded query={q} what="financial alerts" empty={(r) => r.length === 0}>
      {(rows) => (
        <Section title="Financial alerts">
          <SimpleTable
            caption="Financial alerts"
            rows={rows}
            rowKey={(r, i) => `${r.alert_id}-${i}`}
            columns={[
              { label: 'Date', show: (r) => text(r.date) },
              { label: 'Severity', show: (r) => text(r.severity) },
              { label: 'Type', show: (r) => text(r.alert_type) },
              { label: 'Alert', show: (r) => text(r.title) },
              { label: 'Detail', show: (r) => text(r.description) },
            ]}
          />
        </Section>
      )}
    </Loaded>
  );
}
