import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../shared/decimal';
import { operations, type OperationId, type OpResult } from '../../shared/openapi/operations';
import type { RouteHandler } from '../http/route-types';
import { nyInstant, parseDateText, tradingIndexOnOrBefore } from '../../shared/market/calendar';
import { createMarketSimulator } from '../market/simulator';
import { createFundamentalsRoutes } from './fundamentals-routes';

const NOW = nyInstant(parseDateText('2026-11-20'), 12 * 60);
const sim = createMarketSimulator({ seed: 42, clock: () => NOW });
const routes = createFundamentalsRoutes(sim);
const stocks = sim
  .seeds()
  .filter((s) => s.category === 'US_STOCK')
  .map((s) => s.symbol);
const etfs = sim
  .seeds()
  .filter((s) => s.category === 'US_ETF')
  .map((s) => s.symbol);

async function call<K extends OperationId>(
  op: K,
  raw: Record<string, unknown>,
  now = NOW,
): Promise<OpResult<K>> {
  const handler = routes[op] as RouteHandler<K> | undefined;
  if (!handler) throw new Error(op);
  const out = await handler(operations[op].params.parse(raw) as never, { appKey: 'k', requestId: 'r', now });
  return operations[op].response.parse(out) as OpResult<K>;
}

const D = (s: string | undefined) => new Decimal(s ?? 'NaN');
const RUNS = { numRuns: 25 };

describe('statements add up (any stock)', () => {
  it('income: gross = revenue − cost; operating = gross − opex; net = pretax − tax; EPS = net / diluted shares (basic for a loss)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...stocks),
        fc.constantFrom('QUARTERLY', 'ANNUAL'),
        async (symbol, type) => {
          const rows = await call('incomeStatement', { symbol, type, count: 6 });
          expect(rows.length).toBeGreaterThan(0);
          for (const r of rows) {
            expect(D(r.gross_profit).eq(D(r.revenue).minus(r.cost_of_revenue))).toBe(true);
            expect(D(r.operating_income).eq(D(r.gross_profit).minus(r.operating_expense))).toBe(true);
            expect(D(r.pretax_income).eq(D(r.operating_income).minus(r.interest_expense ?? '0'))).toBe(true);
            expect(D(r.net_income).eq(D(r.pretax_income).minus(r.income_tax))).toBe(true);
            // A loss leaves out anti-dilutive shares: diluted EPS is basic EPS then.
            if (D(r.net_income).isNegative()) expect(r.eps_diluted).toBe(r.eps_basic);
            else
              expect(
                D(r.eps_diluted).eq(
                  D(r.net_income).div(r.shares_diluted).toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
                ),
              ).toBe(true);
          }
        },
      ),
      RUNS,
    );
  });

  it('a fiscal year is the sum of its four quarters (flows) and its Q4 balance sheet (stocks)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...stocks), async (symbol) => {
        const [fy] = await call('incomeStatement', { symbol, type: 'ANNUAL', count: 1 });
        const quarters = (await call('incomeStatement', { symbol, count: 12 })).filter(
          (q) => q.fiscal_year === fy?.fiscal_year,
        );
        expect(quarters.map((q) => q.fiscal_period).sort()).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
        for (const key of [
          'revenue',
          'cost_of_revenue',
          'gross_profit',
          'operating_income',
          'net_income',
          'income_tax',
        ] as const) {
          expect(quarters.reduce((a, q) => a.plus(q[key]), new Decimal(0)).eq(D(fy?.[key])), key).toBe(true);
        }
        const [fyCash] = await call('cashFlowStatement', { symbol, type: 'ANNUAL', count: 1 });
        const qCash = (await call('cashFlowStatement', { symbol, count: 12 })).filter(
          (q) => q.fiscal_year === fy?.fiscal_year,
        );
        expect(
          qCash.reduce((a, q) => a.plus(q.free_cash_flow), new Decimal(0)).eq(D(fyCash?.free_cash_flow)),
        ).toBe(true);
        const [fyBalance] = await call('balanceSheet', { symbol, type: 'ANNUAL', count: 1 });
        const q4 = (await call('balanceSheet', { symbol, count: 12 })).find(
          (q) => q.fiscal_year === fy?.fiscal_year && q.fiscal_period === 'Q4',
        );
        expect({ ...fyBalance, fiscal_period: 'Q4' }).toEqual(q4);
      }),
      RUNS,
    );
  });

  it('cash flow and balance sheet tie out', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...stocks), async (symbol) => {
        const flows = await call('cashFlowStatement', { symbol, count: 8 });
        for (const c of flows) {
          expect(D(c.free_cash_flow).eq(D(c.operating_cash_flow).minus(c.capital_expenditure))).toBe(true);
          expect(
            D(c.net_change_in_cash).eq(
              D(c.operating_cash_flow).plus(c.investing_cash_flow).plus(c.financing_cash_flow),
            ),
          ).toBe(true);
        }
        const sheets = await call('balanceSheet', { symbol, count: 8 });
        for (const b of sheets) {
          expect(D(b.total_assets).gte(D(b.current_assets))).toBe(true);
          expect(D(b.current_assets).gte(D(b.cash_and_equivalents))).toBe(true);
          expect(D(b.cash_and_equivalents).gt(0)).toBe(true);
        }
        // Cash moves quarter to quarter by exactly the net change in cash.
        for (let i = 0; i + 1 < sheets.length; i++) {
          expect(
            D(sheets[i]?.cash_and_equivalents)
              .minus(D(sheets[i + 1]?.cash_and_equivalents))
              .eq(D(flows[i]?.net_change_in_cash)),
          ).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('balance sheet: assets = liabilities + equity', async () => {
    for (const symbol of stocks) {
      for (const b of await call('balanceSheet', { symbol, count: 4 })) {
        expect(D(b.total_assets).eq(D(b.total_liabilities).plus(b.total_equity)), symbol).toBe(true);
      }
    }
  });
});

describe('indicators and valuation', () => {
  it('P/E is the period-end close over trailing-twelve-month diluted EPS', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...stocks), async (symbol) => {
        const [ind] = await call('financialIndicators', { symbol, count: 1 });
        const income = await call('incomeStatement', { symbol, count: 4 });
        const ttm = income.reduce((a, q) => a.plus(q.eps_diluted), new Decimal(0));
        expect(ind?.eps).toBe(income[0]?.eps_diluted);
        const info = sim.seedOf(symbol);
        if (!info || !ind) throw new Error(symbol);
        const close = new Decimal(
          sim
            .paths()
            .model(info)
            .close(tradingIndexOnOrBefore(parseDateText(ind.period_end))),
        ).div(100);
        if (ttm.gt(0))
          expect(ind.pe_ratio).toBe(close.div(ttm).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
        else expect(ind.pe_ratio).toBeUndefined();
        expect(
          D(ind.gross_margin)
            .minus(D(income[0]?.gross_profit).div(D(income[0]?.revenue)))
            .abs()
            .lte(0.00005),
        ).toBe(true);
      }),
      RUNS,
    );
  });

  it('analyst targets bracket their mean and ratings count the analysts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...stocks), async (symbol) => {
        const t = await call('analystTargetPrice', { symbol });
        expect(D(t.target_low).lte(D(t.target_mean))).toBe(true);
        expect(D(t.target_mean).lte(D(t.target_high))).toBe(true);
        expect(t.current_price).toBe(sim.snapshot(symbol)?.price);
        const r = await call('analystRating', { symbol });
        expect(r.strong_buy + r.buy + r.hold + r.sell + r.strong_sell).toBe(t.analyst_count);
      }),
      RUNS,
    );
  });

  it('EPS forecasts become actuals once reported, and the earnings calendar agrees', async () => {
    const forecasts = await call('forecastEps', { symbol: 'AAPL' });
    const reported = forecasts.filter((f) => f.eps_actual !== undefined);
    expect(reported).toHaveLength(4);
    expect(
      forecasts.filter((f) => f.eps_actual === undefined).every((f) => f.report_date > '2026-11-20'),
    ).toBe(true);
    const income = await call('incomeStatement', { symbol: 'AAPL', count: 4 });
    for (const f of reported)
      expect(f.eps_actual).toBe(
        income.find((q) => q.fiscal_year === f.fiscal_year && q.fiscal_period === f.fiscal_period)
          ?.eps_diluted,
      );
    const calendar = await call('earningsCalendar', { symbol: 'AAPL' });
    for (const e of calendar)
      expect(
        forecasts.find((f) => f.fiscal_period === e.fiscal_period && f.fiscal_year === e.fiscal_year)
          ?.report_date ?? e.report_date,
      ).toBe(e.report_date);
    // A later clock reveals the next quarter's actual.
    const later = await call(
      'forecastEps',
      { symbol: 'AAPL' },
      nyInstant(parseDateText('2027-03-31'), 12 * 60),
    );
    expect(
      later.filter((f) => f.eps_actual !== undefined).map((f) => `${f.fiscal_year}${f.fiscal_period}`),
    ).toContain('2026Q4');
  });

  it('capital flow: inflow − outflow = net = large + medium + small', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...stocks, ...etfs), async (symbol) => {
        const category = sim.seedOf(symbol)?.category;
        for (const f of await call('capitalFlow', { symbol, category, count: 10 })) {
          expect(D(f.inflow).minus(f.outflow).eq(D(f.net_flow))).toBe(true);
          expect(D(f.large_net).plus(D(f.medium_net)).plus(D(f.small_net)).eq(D(f.net_flow))).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('industry peers share the industry (or the sector) and include the symbol', async () => {
    const cmp = await call('industryComparison', { symbol: 'NVDA' });
    expect(cmp.items.map((i) => i.symbol)).toContain('NVDA');
    for (const peer of cmp.items) expect(sim.seedOf(peer.symbol)?.industry).toBe('Semiconductors');
    expect(cmp.items.map((i) => Number(i.market_cap))).toEqual(
      [...cmp.items.map((i) => Number(i.market_cap))].sort((a, b) => b - a),
    );
  });

  it('filings are 10-K, 10-Q and 8-K, newest first, none in the future', async () => {
    const f = await call('filings', { symbol: 'MSFT' });
    expect(new Set(f.map((x) => x.form_type))).toEqual(new Set(['10-K', '10-Q', '8-K']));
    expect(f.every((x) => x.filed_date <= '2026-11-20')).toBe(true);
    expect(f.map((x) => x.filed_date)).toEqual([...f.map((x) => x.filed_date)].sort().reverse());
  });
});

describe('funds', () => {
  it('holdings and allocation weights sum to exactly 100', async () => {
    for (const symbol of etfs) {
      const h = await call('fundHoldings', { symbol });
      expect(h.items.reduce((a, i) => a.plus(i.weight), new Decimal(0)).eq(100), symbol).toBe(true);
      const a = await call('fundAllocation', { symbol });
      for (const part of [a.asset_classes, a.sectors, a.regions])
        expect(part.reduce((s, i) => s.plus(i.weight), new Decimal(0)).eq(100), symbol).toBe(true);
    }
  });

  it('sector funds hold their sector; NAV is the simulated close; returns come from the NAV path', async () => {
    const xle = await call('fundHoldings', { symbol: 'XLE' });
    for (const i of xle.items) expect(sim.seedOf(i.symbol)?.sector).toBe('Energy');
    const nav = await call('fundNetValue', { symbol: 'SPY', count: 30 });
    const daily = sim.numericBars('SPY', { timespan: 'D', count: 2 }) ?? [];
    expect(nav[0]?.date).toBe('2026-11-19');
    expect(D(nav[0]?.nav).times(100).toNumber()).toBe(daily[0]?.close);
    const perf = await call('fundPerformance', { symbol: 'SPY' });
    expect(
      D(perf.return_1m)
        .minus(
          D(nav[0]?.nav)
            .div(D((await call('fundNetValue', { symbol: 'SPY', count: 22 }))[21]?.nav))
            .minus(1),
        )
        .abs()
        .lte(0.0001),
    ).toBe(true);
  });

  it('fund operations refuse a stock, naming the symbol', async () => {
    await expect(call('fundBrief', { symbol: 'AAPL' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("'symbol'"),
    });
  });

  it('dividend pages page through distributions, newest first', async () => {
    const p1 = await call('fundDividends', { symbol: 'TLT', page_size: '5' });
    const p2 = await call('fundDividends', { symbol: 'TLT', page_index: '2', page_size: '5' });
    expect(p1.total).toBeGreaterThan(100); // monthly for a decade
    expect(p1.items.concat(p2.items).map((i) => i.ex_date)).toEqual(
      [...p1.items, ...p2.items]
        .map((i) => i.ex_date)
        .sort()
        .reverse(),
    );
  });
});
