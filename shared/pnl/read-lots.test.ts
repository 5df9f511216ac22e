import { describe, expect, it } from 'vitest';
import type { PositionDetails } from '../openapi/records/accounts';
import { MAX_LOT_PAGES, readAllLots } from './read-lots';

const lot = (n: number) => ({ lot_id: `L${n}`, quantity: '1', cost_price: '10', open_time: n });

describe('readAllLots', () => {
  it('reads page after page by last_id until has_more is false', async () => {
    const asked: Array<string | undefined> = [];
    const pages: Record<string, PositionDetails> = {
      first: { instrument_id: 'i', items: [lot(1), lot(2)], last_id: 'L2', has_more: true },
      L2: { instrument_id: 'i', items: [lot(3)], last_id: 'L3', has_more: false },
    };
    const lots = await readAllLots(async (lastId) => {
      asked.push(lastId);
      return pages[lastId ?? 'first'] as PositionDetails;
    });
    expect(asked).toEqual([undefined, 'L2']);
    expect(lots.map((l) => l.lot_id)).toEqual(['L1', 'L2', 'L3']);
  });

  it('a reply that says "more" without a new last_id is an error, not a loop', async () => {
    await expect(
      readAllLots(async () => ({ instrument_id: 'i', items: [lot(1)], has_more: true })),
    ).rejects.toThrow(/more lots but gave no next page/);
    await expect(
      readAllLots(async () => ({ instrument_id: 'i', items: [lot(1)], last_id: 'L1', has_more: true })),
    ).rejects.toThrow(/more lots but gave no next page/);
  });

  it('stops at MAX_LOT_PAGES pages', async () => {
    let calls = 0;
    await expect(
      readAllLots(async () => {
        calls++;
        return { instrument_id: 'i', items: [lot(calls)], last_id: `L${calls}`, has_more: true };
      }),
    ).rejects.toThrow(`ran past ${MAX_LOT_PAGES} pages`);
    expect(calls).toBe(MAX_LOT_PAGES);
  });
});
