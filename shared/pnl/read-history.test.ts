import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../openapi/records/orders';
import { HISTORY_PAGE_SIZE, MAX_HISTORY_PAGES, readAllOrders } from './read-history';

const orders = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ client_order_id: `c${from + i}` }) as OrderRecord);

describe('readAllOrders', () => {
  it('reads pages after the last order of each until one comes back short', async () => {
    const asked: Array<string | undefined> = [];
    const all = await readAllOrders(async (after) => {
      asked.push(after);
      return after === undefined ? orders(0, HISTORY_PAGE_SIZE) : orders(HISTORY_PAGE_SIZE, 3);
    });
    expect(asked).toEqual([undefined, `c${HISTORY_PAGE_SIZE - 1}`]);
    expect(all).toHaveLength(HISTORY_PAGE_SIZE + 3);
  });

  it('a page that repeats the one before is an error, not a loop', async () => {
    await expect(readAllOrders(async () => orders(0, HISTORY_PAGE_SIZE))).rejects.toThrow(/same page again/);
  });

  it('stops at MAX_HISTORY_PAGES pages', async () => {
    let calls = 0;
    await expect(
      readAllOrders(async () => orders(calls++ * HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE)),
    ).rejects.toThrow(`ran past ${MAX_HISTORY_PAGES} pages`);
    expect(calls).toBe(MAX_HISTORY_PAGES);
  });
});
