import { describe, expect, it } from 'vitest';
import type { ListedOptionContract, OptionSnapshot } from '../openapi/records/market';
import { batches, chainRows, expiriesOf, strikesNear, withQuotes } from './option-chain';

const row = (over: Partial<ListedOptionContract>): ListedOptionContract => ({
  symbol: 'SPXW261218C05000000',
  underlying_symbol: 'SPX',
  root_symbol: 'SPXW',
  option_type: 'CALL',
  strike_price: '5000.000',
  expiration_date: '2026-12-18',
  status: 'LISTING',
  tradable_status: 'OC',
  ...over,
});

describe('an option chain from the contracts list', () => {
  it('keeps tradable listed contracts once, with the OCC root as the leg symbol and strikes without trailing zeros', () => {
    const rows = chainRows([
      row({}),
      row({}),
      row({ symbol: 'SPXW261218P05000000', option_type: 'PUT' }),
      row({ symbol: 'X1', tradable_status: 'CO' }),
      row({ symbol: 'X2', status: 'DELISTING' }),
      row({ symbol: 'SPXW261120C05000000', expiration_date: '2026-11-20' }),
    ]);
    expect(rows.map((r) => r.symbol)).toEqual([
      'SPXW261218C05000000',
      'SPXW261218P05000000',
      'SPXW261120C05000000',
    ]);
    expect(rows[0]).toMatchObject({ root_symbol: 'SPXW', strike_price: '5000', option_type: 'CALL' });
    expect(expiriesOf(rows)).toEqual(['2026-11-20', '2026-12-18']);
  });

  it('picks the strikes nearest the spot, in strike order', () => {
    const rows = chainRows(
      ['90', '95', '100', '105', '110', '115'].map((k) =>
        row({ symbol: `S${k}`, strike_price: k, root_symbol: 'ABC', underlying_symbol: 'ABC' }),
      ),
    );
    // 105 is 1.8 away, 100 is 3.2, 110 is 6.8, 95 is 8.2.
    expect(strikesNear(rows, '2026-12-18', 'CALL', '103.2', 3).map((r) => r.strike_price)).toEqual([
      '100',
      '105',
      '110',
    ]);
    expect(strikesNear(rows, '2026-12-18', 'PUT', '103.2', 3)).toEqual([]);
  });

  it('adds quotes and greeks from snapshots, reading the real snapshot imp_vol too', () => {
    const [r] = chainRows([row({})]);
    if (!r) throw new Error('no row');
    const snap = {
      symbol: r.symbol,
      bid: '1.10',
      ask: '1.20',
      price: '1.15',
      imp_vol: '0.31',
    } as unknown as OptionSnapshot;
    expect(withQuotes([r], [snap])[0]).toMatchObject({
      bid: '1.10',
      ask: '1.20',
      last: '1.15',
      implied_volatility: '0.31',
    });
    expect(withQuotes([r], [])[0]).toEqual(r);
  });

  it('batches symbols by the snapshot limit', () => {
    expect(batches([...'abcdefghijklmnopqrstuvwxy'], 20).map((b) => b.length)).toEqual([20, 5]);
  });
});
