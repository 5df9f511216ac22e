import { describe, expect, it } from 'vitest';
import { dateText, parseDateText } from '../../shared/market/calendar';
import { formatOptionSymbol } from '../../shared/market/occ';
import { newOrder } from '../../shared/openapi/records/orders';
import { draftOrder } from '../trading/order-rules';
import { listedExpiries, strikeIncrement } from './options';
import { createMarketSimulator } from './simulator';

/** Options that look listed: real strike spacing, listed expiries only, believable sizes. */
const NOW = Date.UTC(2026, 10, 20, 17, 0, 0); // Friday 2026-11-20, 12:00 New York
const sim = createMarketSimulator({ seed: 42, clock: () => NOW });
const today = parseDateText('2026-11-20');

const order = (strike: string, expiry: string) =>
  newOrder.parse({
    client_order_id: 'a'.repeat(32),
    combo_type: 'NORMAL',
    option_strategy: 'SINGLE',
    order_type: 'LIMIT',
    limit_price: '1.00',
    quantity: '1',
    side: 'BUY',
    time_in_force: 'DAY',
    legs: [
      {
        side: 'BUY',
        quantity: '1',
        symbol: 'MSFT',
        strike_price: strike,
        option_expire_date: expiry,
        option_type: 'CALL',
        instrument_type: 'OPTION',
        market: 'US',
      },
    ],
  });

const fieldOf = (f: () => unknown): string | undefined => {
  try {
    f();
    return undefined;
  } catch (e) {
    expect((e as { status?: number }).status).toBe(400);
    return /^Invalid parameter '([^']+)'/.exec((e as Error).message)?.[1] ?? (e as Error).message;
  }
};

describe('option listing rules', () => {
  it('spaces strikes as US listings do: $0.50 / $1 / $2.50 / $5 / $10 by price level', () => {
    expect([3, 10, 24, 50, 150, 199, 200, 600, 1500].map(strikeIncrement)).toEqual([
      0.5, 1, 1, 2.5, 2.5, 2.5, 5, 5, 10,
    ]);
    const chain = sim.options.chain('MSFT', undefined, NOW);
    const strikes = [...new Set(chain?.contracts.map((c) => Number(c.strike_price)))].sort((a, b) => a - b);
    for (let i = 1; i < strikes.length; i++)
      expect((strikes[i] ?? 0) - (strikes[i - 1] ?? 0)).toBe(strikeIncrement(strikes[i - 1] ?? 0));
  });

  it('lists weeklies for six weeks, monthlies for six months and January LEAPS', () => {
    const list = listedExpiries(today, NOW).map(dateText);
    expect(list.slice(0, 6)).toEqual([
      '2026-11-20',
      '2026-11-27',
      '2026-12-04',
      '2026-12-11',
      '2026-12-18',
      '2026-12-24',
    ]);
    expect(list).toContain('2027-05-21');
    expect(list).toContain('2028-01-21');
    expect(list).not.toContain('2027-02-05'); // a Friday past the weeklies that is no monthly
  });

  it('quotes only listed strikes and expiries, and says which part is not listed', () => {
    const chain = sim.options.chain('MSFT', '2026-12-18', NOW);
    const atm = chain?.contracts.find((c) => c.option_type === 'CALL' && Number(c.strike_price) % 10 === 0);
    expect(atm && sim.optionQuote(atm.symbol)).toBeDefined();
    const strike = Number(atm?.strike_price);
    const off = formatOptionSymbol({
      underlying: 'MSFT',
      expireDate: '2026-12-18',
      optionType: 'CALL',
      strike: String(strike + 1),
    });
    expect(sim.optionQuote(off)).toBeUndefined();
    expect(sim.options.listingProblem(off, NOW)?.part).toBe('strike');
    const unlisted = formatOptionSymbol({
      underlying: 'MSFT',
      expireDate: '2027-02-05',
      optionType: 'CALL',
      strike: String(strike),
    });
    expect(sim.optionQuote(unlisted)).toBeUndefined();
    expect(sim.options.listingProblem(unlisted, NOW)?.part).toBe('expiry');
  });

  it('rejects an order for an unlisted strike or expiry naming the field', () => {
    const chain = sim.options.chain('MSFT', '2026-12-18', NOW);
    const strike = Number(chain?.contracts[24]?.strike_price);
    expect(
      fieldOf(() => draftOrder(sim, order(String(strike), '2026-12-18'), 'new_orders[0]', true)),
    ).toBeUndefined();
    expect(
      fieldOf(() => draftOrder(sim, order(String(strike + 1), '2026-12-18'), 'new_orders[0]', true)),
    ).toBe('new_orders[0].legs[0].strike_price');
    expect(fieldOf(() => draftOrder(sim, order(String(strike), '2027-02-05'), 'new_orders[0]', true))).toBe(
      'new_orders[0].legs[0].option_expire_date',
    );
  });

  it('gives open interest and volume of realistic size, and a last trade only when there was one', () => {
    const big = sim.options.chain('AAPL', '2026-12-18', NOW)?.contracts ?? [];
    const small = sim.options.chain('SAM', '2026-12-18', NOW)?.contracts ?? [];
    const maxOf = (cs: typeof big, k: 'open_interest' | 'volume') =>
      Math.max(...cs.map((c) => Number(c[k] ?? 0)));
    expect(maxOf(big, 'open_interest')).toBeGreaterThan(5_000);
    expect(maxOf(big, 'open_interest')).toBeLessThan(500_000);
    expect(maxOf(big, 'volume')).toBeGreaterThan(500);
    expect(maxOf(big, 'volume')).toBeLessThan(200_000);
    expect(maxOf(small, 'open_interest')).toBeLessThan(5_000);
    for (const c of [...big, ...small]) {
      if (Number(c.volume ?? 0) === 0) expect(c.last, c.symbol).toBeUndefined();
    }
    // A last trade is a price the contract traded at earlier, not always today's mark.
    expect(
      big.some((c) => c.last !== undefined && c.last !== sim.options.snapshot(c.symbol, NOW)?.price),
    ).toBe(true);
  });

  it('carries the same greeks on the chain as on the option snapshot', () => {
    for (const c of (sim.options.chain('NVDA', '2026-12-18', NOW)?.contracts ?? []).slice(0, 10)) {
      const s = sim.options.snapshot(c.symbol, NOW);
      expect([c.delta, c.gamma, c.theta, c.vega, c.implied_volatility]).toEqual([
        s?.delta,
        s?.gamma,
        s?.theta,
        s?.vega,
        s?.implied_volatility,
      ]);
    }
  });
});
