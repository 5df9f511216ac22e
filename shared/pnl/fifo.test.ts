import { describe, expect, it } from 'vitest';
import { journal, marketDate, type Fill } from './fifo';

const t = (iso: string) => Date.parse(iso);
let seq = 0;
const fill = (
  side: string,
  quantity: string,
  price: string,
  iso: string,
  over: Partial<Fill> = {},
): Fill => ({
  id: `o${++seq}`,
  instrument: 'AAPL',
  side,
  quantity,
  price,
  time: t(iso),
  multiplier: '1',
  ...over,
});

describe('marketDate', () => {
  it('is the New York date, not the UTC one', () => {
    // 01:30 UTC on the 19th is 20:30 on the 18th in New York.
    expect(marketDate(t('2026-11-19T01:30:00Z'))).toBe('2026-11-18');
    expect(marketDate(t('2026-11-18T15:30:00Z'))).toBe('2026-11-18');
  });
});

describe('journal (FIFO)', () => {
  it('pairs fractional fills exactly: a buy by amount, sold in two parts', () => {
    const j = journal([
      fill('BUY', '2.65083', '188.62', '2026-11-16T15:00:00Z'),
      fill('SELL', '0.65083', '190', '2026-11-17T15:00:00Z'),
      fill('SELL', '2', '200', '2026-11-18T15:00:00Z'),
    ]);
    // 0.65083 × 1.38 = 0.8981454; 2 × 11.38 = 22.76: no float residue.
    expect(j.rows.map((r) => r.realized)).toEqual(['0', '0.8981454', '22.76']);
    expect(j.total).toBe('23.6581454');
  });

  it('closes the oldest lot first', () => {
    const j = journal([
      fill('BUY', '10', '100', '2026-11-16T15:00:00Z'),
      fill('BUY', '10', '110', '2026-11-17T15:00:00Z'),
      fill('SELL', '15', '120', '2026-11-18T15:00:00Z'),
    ]);
    // 10 × (120 − 100) + 5 × (120 − 110) = 250.
    expect(j.rows.map((r) => r.realized)).toEqual(['0', '0', '250']);
    expect(j.total).toBe('250');
    expect(j.instruments).toEqual([
      { instrument: 'AAPL', realized: '250', closed: '15', unmatched: '0', fills: 3 },
    ]);
    // The remaining 5 @ 110: a later sale realises against them.
    const more = journal([
      fill('BUY', '10', '100', '2026-11-16T15:00:00Z'),
      fill('BUY', '10', '110', '2026-11-17T15:00:00Z'),
      fill('SELL', '15', '120', '2026-11-18T15:00:00Z'),
      fill('SELL', '5', '100', '2026-11-18T16:00:00Z'),
    ]);
    expect(more.rows[3]?.realized).toBe('-50');
  });

  it('pairs fills in time order whatever order they come in (the history is newest first)', () => {
    const fills = [
      fill('SELL', '1', '12', '2026-11-18T16:00:00Z'),
      fill('BUY', '1', '10', '2026-11-18T15:00:00Z'),
    ];
    expect(journal(fills).rows.map((r) => [r.side, r.realized])).toEqual([
      ['BUY', '0'],
      ['SELL', '2'],
    ]);
  });

  it('a short sale opens a short lot that a buy covers', () => {
    const j = journal([
      fill('SHORT', '3', '50', '2026-11-18T15:00:00Z'),
      fill('BUY', '5', '45', '2026-11-18T16:00:00Z'),
      fill('SELL', '2', '46', '2026-11-18T17:00:00Z'),
    ]);
    // Covering 3 at 45: (50 − 45) × 3 = 15; the other 2 open a long at 45, sold at 46: 2.
    expect(j.rows.map((r) => r.realized)).toEqual(['0', '15', '2']);
    expect(j.total).toBe('17');
  });

  it('a sell of shares bought before the history is unmatched, not a guessed figure', () => {
    const j = journal([
      fill('BUY', '2', '10', '2026-11-18T15:00:00Z'),
      fill('SELL', '5', '12', '2026-11-18T16:00:00Z'),
    ]);
    expect(j.rows[1]).toMatchObject({ realized: '4', unmatched: '3' });
    expect(j.instruments[0]).toMatchObject({ closed: '2', unmatched: '3' });
  });

  it('keeps instruments apart and applies the multiplier, exactly in decimal', () => {
    const opt = { instrument: 'AAPL261218P00150000', multiplier: '100' };
    const j = journal([
      fill('BUY', '3', '0.1', '2026-11-17T15:00:00Z', opt),
      fill('BUY', '1', '200', '2026-11-17T15:01:00Z'),
      fill('SELL', '3', '0.3', '2026-11-18T15:00:00Z', opt),
    ]);
    expect(j.instruments.map((i) => [i.instrument, i.realized])).toEqual([
      ['AAPL261218P00150000', '60'],
      ['AAPL', '0'],
    ]);
    expect(j.total).toBe('60');
  });

  it('groups realized P&L by market date', () => {
    const j = journal([
      fill('BUY', '1', '10', '2026-11-17T15:00:00Z'),
      fill('SELL', '1', '11', '2026-11-18T01:00:00Z'), // 20:00 on the 17th in New York
      fill('BUY', '1', '10', '2026-11-18T15:00:00Z'),
      fill('SELL', '1', '13', '2026-11-18T16:00:00Z'),
    ]);
    expect(j.days).toEqual([
      { date: '2026-11-17', realized: '1', fills: 2 },
      { date: '2026-11-18', realized: '3', fills: 2 },
    ]);
  });

  it('no fills, an empty journal', () => {
    expect(journal([])).toEqual({ rows: [], instruments: [], days: [], total: '0' });
  });
});
