import { formatCompact, formatNumber, formatRatioPercent, text } from '../../lib/unit-format';
import { Loaded, MiniChart, Section, SimpleTable, type SimpleColumn } from './parts';
import type { TabProps } from './StockTabs';
import { useFundamental } from './use-fundamental';
import styles from './Fundamentals.module.css';

type Period = 'QUARTERLY' | 'ANNUAL';
type Row = Record<string, unknown> & { fiscal_year: number; fiscal_period: string };
const label = (r: Row) => `${text(r.fiscal_period)} ${text(r.fiscal_year)}`;

/** A statement as periods down, lines across; key lines charted above it. */
function Statement({
  title,
  rows,
  lines,
  chart,
}: {
  title: string;
  rows: Row[];
  lines: Array<[key: string, label: string, unit: 'money' | 'percent' | 'number']>;
  chart: string[];
}) {
  const ordered = [...rows].reverse(); // oldest first for charts
  const show = (unit: string, v: unknown) =>
    unit === 'money' ? formatCompact(v) : unit === 'percent' ? formatRatioPercent(v) : formatNumber(v);
  const columns: SimpleColumn<Row>[] = [
    { label: 'Period', show: label },
    { label: 'Period end', show: (r) => text(r.period_end) },
    ...lines.map(([k, l, unit]) => ({ label: l, numeric: true, show: (r: Row) => show(unit, r[k]) })),
  ];
  return (
    <Section title={title}>
      <div className={styles.toggle}>
        {chart.map((k) => {
          const name = lines.find(([key]) => key === k)?.[1] ?? k;
          return (
            <MiniChart
              key={k}
              title={name}
              labels={ordered.map(label)}
              series={[
                {
                  name,
                  values: ordered.map((r) => (typeof r[k] === 'string' ? (r[k] as string) : undefined)),
                  className: styles.actual ?? '',
                },
              ]}
            />
          );
        })}
      </div>
      <div style={{ overflowX: 'auto' }}>
        <SimpleTable caption={title} rows={rows} rowKey={(r, i) => `${label(r)}-${i}`} columns={columns} />
      </div>
    </Section>
  );
}

export function FinancialsTab({
  instrument,
  period,
  setPeriod,
}: TabProps & { period: Period; setPeriod(p: Period): void }) {
  const input = { symbol: instrument.symbol, category: instrument.category, type: period, count: 8 };
  const income = useFundamental('api.incomeStatement', input);
  const balance = useFundamental('api.balanceSheet', input);
  const cash = useFundamental('api.cashFlowStatement', input);
  const ind = useFundamental('api.financialIndicators', input);
  const none = (r: unknown[]) => r.length === 0;
  return (
    <>
      <div className={styles.toggle} role="group" aria-label="Statement period">
        {(['QUARTERLY', 'ANNUAL'] as const).map((p) => (
          <button
            key={p}
            type="button"
            className={p === period ? 'seg-btn seg-btn--on' : 'seg-btn'}
            aria-pressed={p === period}
            onClick={() => setPeriod(p)}
          >
            {p === 'QUARTERLY' ? 'Quarterly' : 'Annual'}
          </button>
        ))}
      </div>
      <Loaded query={income} what="income statements" empty={none}>
        {(rows) => (
          <Statement
            title="Income statement"
            rows={rows as Row[]}
            chart={['revenue', 'net_income']}
            lines={[
              ['revenue', 'Revenue', 'money'],
              ['gross_profit', 'Gross profit', 'money'],
              ['operating_income', 'Operating income', 'money'],
              ['net_income', 'Net income', 'money'],
              ['eps_diluted', 'EPS (diluted)', 'number'],
              ['operating_expense', 'Operating expense', 'money'],
              ['income_tax', 'Income tax', 'money'],
            ]}
          />
        )}
      </Loaded>
      <Loaded query={balance} what="balance sheets" empty={none}>
        {(rows) => (
          <Statement
            title="Balance sheet"
            rows={rows as Row[]}
            chart={['total_assets']}
            lines={[
              ['total_assets', 'Total assets', 'money'],
              ['current_assets', 'Current assets', 'money'],
              ['cash_and_equivalents', 'Cash', 'money'],
              ['total_liabilities', 'Total liabilities', 'money'],
              ['long_term_debt', 'Long-term debt', 'money'],
              ['total_equity', 'Equity', 'money'],
            ]}
          />
        )}
      </Loaded>
      <Loaded query={cash} what="cash flow statements" empty={none}>
        {(rows) => (
          <Statement
            title="Cash flow"
            rows={rows as Row[]}
            chart={['free_cash_flow']}
            lines={[
              ['operating_cash_flow', 'Operating', 'money'],
              ['investing_cash_flow', 'Investing', 'money'],
              ['financing_cash_flow', 'Financing', 'money'],
              ['capital_expenditure', 'Capex', 'money'],
              ['free_cash_flow', 'Free cash flow', 'money'],
              ['dividends_paid', 'Dividends paid', 'money'],
            ]}
          />
        )}
      </Loaded>
      <Loaded query={ind} what="financial indicators" empty={none}>
        {(rows) => (
          <Statement
            title="Indicators"
            rows={rows as Row[]}
            chart={['net_margin']}
            lines={[
              ['eps', 'EPS', 'number'],
              ['pe_ratio', 'P/E', 'number'],
              ['pb_ratio', 'P/B', 'number'],
              ['roe', 'ROE', 'percent'],
              ['gross_margin', 'Gross margin', 'percent'],
              ['net_margin', 'Net margin', 'percent'],
              ['debt_to_equity', 'Debt/equity', 'number'],
              ['revenue_growth', 'Revenue growth', 'percent'],
            ]}
          />
        )}
      </Loaded>
    </>
  );
}

export function CapitalFlowTab({ instrument }: TabProps) {
  const q = useFundamental('api.capitalFlow', {
    symbol: instrument.symbol,
    category: instrument.category,
    count: 20,
  });
  return (
    <Loaded query={q} what="capital flow" empty={(r) => r.length === 0}>
      {(rows) => (
        <Section title="Capital flow">
          <MiniChart
            title="Net flow per day"
            labels={[...rows].reverse().map((r) => text(r.date).slice(5))}
            series={[
              {
                name: 'Net flow',
                values: [...rows].reverse().map((r) => r.net_flow),
                className: styles.actual ?? '',
              },
            ]}
          />
          <SimpleTable
            caption="Capital flow"
            rows={rows}
            rowKey={(r, i) => `${r.date}-${i}`}
            columns={[
              { label: 'Date', show: (r) => text(r.date) },
              { label: 'Inflow', numeric: true, show: (r) => formatCompact(r.inflow) },
              { label: 'Outflow', numeric: true, show: (r) => formatCompact(r.outflow) },
              { label: 'Net', numeric: true, show: (r) => formatCompact(r.net_flow) },
              { label: 'Large net', numeric: true, show: (r) => formatCompact(r.large_net) },
              { label: 'Medium net', numeric: true, show: (r) => formatCompact(r.medium_net) },
              { label: 'Small net', numeric: true, show: (r) => formatCompact(r.small_net) },
            ]}
          />
        </Section>
      )}
    </Loaded>
  );
}

export function IndustryTab({ instrument, onChoose }: TabProps & { onChoose(symbol: string): void }) {
  const q = useFundamental('api.industryComparison', {
    symbol: instrument.symbol,
    category: instrument.category,
  });
  return (
    <Loaded query={q} what="industry comparison" empty={(r) => (r.items ?? []).length === 0}>
      {(r) => (
        <Section title={`Industry: ${text(r.industry)} (${text(r.sector)})`}>
          <SimpleTable
            caption="Industry peers"
            rows={r.items ?? []}
            rowKey={(p, i) => `${p.symbol}-${i}`}
            onChoose={(p) => onChoose(p.symbol)}
            chooseLabel={(p) => `${p.symbol} ${p.name}`}
            columns={[
              { label: 'Symbol', show: (p) => text(p.symbol) },
              { label: 'Name', show: (p) => text(p.name) },
              { label: 'Last', numeric: true, show: (p) => formatNumber(p.price) },
              {
                label: 'Change',
                numeric: true,
                show: (p) => formatRatioPercent(p.change_ratio, { signed: true }),
              },
              { label: 'Mkt cap', numeric: true, show: (p) => formatCompact(p.market_cap) },
              { label: 'P/E', numeric: true, show: (p) => formatNumber(p.pe_ratio) },
              { label: 'P/B', numeric: true, show: (p) => formatNumber(p.pb_ratio) },
              { label: 'Rev. growth', numeric: true, show: (p) => formatRatioPercent(p.revenue_growth) },
              { label: 'Net margin', numeric: true, show: (p) => formatRatioPercent(p.net_margin) },
              { label: 'Div yield', numeric: true, show: (p) => formatRatioPercent(p.dividend_yield) },
            ]}
          />
        </Section>
      )}
    </Loaded>
  );
}
