import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blackScholes } from '../../shared/market/black-scholes';
import { dateText, nyInstant, parseDateText } from '../../shared/market/calendar';
import { formatOptionSymbol, parseOptionSymbol } from '../../shared/market/occ';
import { isValidExpiry, listedExpiries, strikeIncrement, strikesAround } from './options';
import { createMarketSimulator } from './simulator';

describe('OCC symbols', () => {
  it('parses the API form', () => {
    expect(parseOptionSymbol('AAPL261218C00150000')).toEqual({
      underlying: 'AAPL',
      expireDate: '2026-12-18',
      optionType: 'CALL',
      strike: '150',
    });
    expect(parseOptionSymbol('BRK.B270115P00452500')).toEqual({
      underlying: 'BRK.B',
      expireDate: '2027-01-15',
      optionType: 'PUT',
      strike: '452.5',
    });
    expect(parseOptionSymbol('AAPL261318C00150000')).toBeUndefined(); // month 13
    expect(parseOptionSymbol('AAPL')).toBeUndefined();
  });

  it('round-trips any contract', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{1,5}$/),
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom<'CALL' | 'PUT'>('CALL', 'PUT'),
        fc.integer({ min: 1, max: 99_999_999 }),
        (underlying, date, optionType, milli) => {
          const strike = String(milli / 1000);
          const id = { underlying, expireDate: date.toISOString().slice(0, 10), optionType, strike };
          const symbol = formatOptionSymbol(id);
          expect(symbol).toHaveLength(underlying.length + 15);
          expect(parseOptionSymbol(symbol)).toEqual(id);
        },
      ),
    );
  });
});

describe('Black–Scholes', () => {
  it("matches Hull's textbook example (S=42, K=40, r=10 %, σ=20 %, T=0.5: c=4.76, p=0.81)", () => {
    const base = { spot: 42, strike: 40, years: 0.5, rate: 0.1, dividendYield: 0, vol: 0.2 };
    expect(blackScholes({ ...base, type: 'CALL' }).price).toBeCloseTo(4.759, 3);
    expect(blackScholes({ ...base, type: 'PUT' }).price).toBeCloseTo(0.8086, 3);
    expect(blackScholes({ ...base, type: 'CALL' }).delta).toBeCloseTo(0.7791, 3);
  });

  it('satisfies put–call parity with dividends: c − p = S·e^(−qT) − K·e^(−rT)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 5, max: 2000, noNaN: true }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.double({ min: 0.01, max: 3, noNaN: true }),
        fc.double({ min: 0.05, max: 1.5, noNaN: true }),
        fc.double({ min: 0, max: 0.06, noNaN: true }),
        (spot, moneyness, years, vol, q) => {
          const input = { spot, strike: spot * moneyness, years, rate: 0.04, dividendYield: q, vol };
          const c = blackScholes({ ...input, type: 'CALL' });
          const p = blackScholes({ ...input, type: 'PUT' });
          const parity = spot * Math.exp(-q * years) - input.strike * Math.exp(-0.04 * years);
          expect(c.price - p.price).toBeCloseTo(parity, 4);
          expect(c.delta - p.delta).toBeCloseTo(Math.exp(-q * years), 6);
          expect(c.gamma).toBeCloseTo(p.gamma, 10);
        },
      ),
    );
  });
});

describe('listing rules', () => {
  it('lists six weekly Fridays and monthly third Fridays, Thursday when Friday is a holiday', () => {
    const today = parseDateText('2027-03-22');
    const list = listedExpiries(today, nyInstant(today, 600)).map(dateText);
    expect(list.slice(0, 6)).toEqual([
      '2027-03-25',
      '2027-04-02',
      '2027-04-09',
      '2027-04-16',
      '2027-04-23',
      '2027-04-30',
    ]);
    expect(list).toContain('2027-05-21');
    expect(list).toContain('2027-06-17'); // third Friday is Juneteenth (observed) → Thursday
    expect(isValidExpiry('2027-03-25', today, nyInstant(today, 600))).toBe(true); // Good Friday → Thursday
    expect(isValidExpiry('2027-03-26', today, nyInstant(today, 600))).toBe(false);
    expect(isValidExpiry('2027-03-24', today, nyInstant(today, 600))).toBe(false); // a Wednesday
  });

  it("drops today's expiry after the close", () => {
    const friday = parseDateText('2026-11-20');
    expect(listedExpiries(friday, nyInstant(friday, 15 * 60)).map(dateText)[0]).toBe('2026-11-20');
    expect(listedExpiries(friday, nyInstant(friday, 16 * 60)).map(dateText)[0]).toBe('2026-11-27');
  });

  it('spaces strikes by price level', () => {
    expect([10, 50, 150, 600, 1500].map(strikeIncrement)).toEqual([1, 2.5, 2.5, 5, 10]);
    const strikes = strikesAround(231.4);
    expect(strikes).toContain(230);
    expect((strikes[13] ?? 0) - (strikes[12] ?? 0)).toBe(5);
    expect(strikes[12]).toBe(230);
    expect(strikes).toContain(197.5); // below $200 the grid is $2.50
    expect(strikes).toHaveLength(25);
  });
});

describe('option quotes from the simulator', () => {
  const NOW = Date.UTC(2026, 10, 20, 17, 0, 0);
  const sim = createMarketSimulator({ seed: 42, clock: () => NOW });

  it('prices every chain contract with bid ≤ mark ≤ ask, calls falling and puts rising with the strike', () => {
    const chain = sim.options.chain('MSFT', '2026-12-18', NOW);
    expect(chain?.expirations[0]).toBe('2026-11-20');
    const calls = chain?.contracts.filter((c) => c.option_type === 'CALL') ?? [];
    const puts = chain?.contracts.filter((c) => c.option_type === 'PUT') ?? [];
    expect(calls).toHaveLength(25);
    for (const c of chain?.contracts ?? []) {
      const q = sim.optionQuote(c.symbol);
      expect(q, c.symbol).toBeDefined();
      expect(Number(q?.bid)).toBeLessThanOrEqual(Number(q?.mark));
      expect(Number(q?.mark)).toBeLessThanOrEqual(Number(q?.ask));
    }
    for (let i = 1; i < calls.length; i++) {
      expect(Number(calls[i]?.last)).toBeLessThanOrEqual(Number(calls[i - 1]?.last));
      expect(Number(puts[i]?.last)).toBeGreaterThanOrEqual(Number(puts[i - 1]?.last));
    }
  });

  it('knows nothing of expired contracts, unknown underlyings or non-expiry dates', () => {
    expect(sim.optionQuote('AAPL251219C00150000')).toBeUndefined();
    expect(sim.optionQuote('ZZZZ261218C00150000')).toBeUndefined();
    expect(sim.optionQuote('AAPL261216C00150000')).toBeUndefined();
    expect(sim.optionQuote('AAPL261218C00150000')?.optionType).toBe('CALL');
  });
});

describe('option quotes outside regular hours', () => {
  // Wed 18 Nov 2026 (New York, EST): pre-market 08:00 and 09:00, after-hours 17:00, overnight 21:00.
  const PRE_1 = Date.parse('2026-11-18T13:00:00Z');
  const PRE_2 = Date.parse('2026-11-18T14:00:00Z');
  const RTH_1 = Date.parse('2026-11-18T15:00:00Z');
  const RTH_2 = Date.parse('2026-11-18T16:00:00Z');
  const ATH = Date.parse('2026-11-18T22:00:00Z');
  const OVN = Date.parse('2026-11-19T02:00:00Z');
  const CLOSE = Date.parse('2026-11-18T21:00:00Z');
  const sim = createMarketSimulator({ seed: 42 });
  const contract = (at: number) => {
    const chain = sim.options.chain('AAPL', undefined, at);
    const c = chain?.contracts.find(
      (x) => x.option_type === 'CALL' && Number(x.strike_price) >= Number(chain.underlying_price),
    );
    if (!c) throw new Error('no AAPL call');
    return c.symbol;
  };
  const quoteFields = (s: ReturnType<typeof sim.options.snapshot>) => {
    const { trading_session: _session, ...rest } = s ?? {};
    return rest;
  };

  it('stand still while the stock trades pre-market, after hours and overnight (options trade in regular hours only)', () => {
    const symbol = contract(PRE_1);
    // The stock does move between the two pre-market instants.
    expect(sim.quote('AAPL', PRE_1)?.price).not.toBe(sim.quote('AAPL', PRE_2)?.price);
    expect(quoteFields(sim.options.snapshot(symbol, PRE_2))).toEqual(
      quoteFields(sim.options.snapshot(symbol, PRE_1)),
    );
    expect(sim.options.quote(symbol, PRE_2)).toEqual(sim.options.quote(symbol, PRE_1));
    // After the close the quote is the one at the close, through after-hours and overnight.
    const atClose = quoteFields(sim.options.snapshot(symbol, CLOSE));
    expect(quoteFields(sim.options.snapshot(symbol, ATH))).toEqual(atClose);
    expect(quoteFields(sim.options.snapshot(symbol, OVN))).toEqual(atClose);
    expect(sim.options.quote(symbol, OVN)).toEqual(sim.options.quote(symbol, ATH));
    // In regular hours it moves with the stock.
    expect(sim.options.quote(symbol, RTH_2)?.mark).not.toBe(sim.options.quote(symbol, RTH_1)?.mark);
  });
});
