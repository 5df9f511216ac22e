import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../shared/decimal';
import type { Position } from '../../../shared/openapi/records/accounts';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import { reversePlan, type PlaceCall, type ReversePlan } from './hotkey-orders';
import { runReverse, type OrderEnd, type ReverseDeps } from './reverse-run';

/**
 * The reverse's sequence with its parts replaced by recorders: what is placed, in which order,
 * and what the trader is told on every way it can stop short.
 */
const position = (quantity: string) =>
  [{ symbol: 'AAPL', instrument_type: 'EQUITY', quantity, cost_price: '180' }] as Position[];
let n = 0;
const plan = (quantity: string, shortable?: boolean): ReversePlan => {
  const p = reversePlan(
    {
      symbol: 'AAPL',
      accountId: 'A1',
      positions: position(quantity),
      newId: () => `id${++n}`.padEnd(32, '0'),
    },
    shortable,
  );
  if ('error' in p) throw new Error(p.error);
  return p;
};
const order = (over: Partial<OrderRecord>): OrderRecord =>
  ({
    client_order_id: 'x',
    quantity: '10',
    filled_quantity: '0',
    status: 'SUBMITTED',
    ...over,
  }) as OrderRecord;

interface Script {
  /** Why main does not place the order of this side (first or second), if it does not. */
  refuse?: Partial<Record<'first' | 'second', string>>;
  end?: OrderEnd;
  /** What each position read answers, in turn (an Error: the read fails). */
  reads?: Array<string | Error>;
}

function recorder(script: Script) {
  const log: string[] = [];
  const told: Array<{ kind: string; title: string; description: string }> = [];
  const reads = [...(script.reads ?? ['0'])];
  let placed = 0;
  const deps: ReverseDeps = {
    follow: (id) => {
      log.push(`follow ${id}`);
      return {
        ended: Promise.resolve(
          script.end ?? { order: order({ status: 'FILLED', filled_quantity: '10' }), timedOut: false },
        ),
        stop: () => log.push(`stop ${id}`),
      };
    },
    place: async (call: PlaceCall) => {
      const o = call.input.new_orders[0];
      const which = placed++ === 0 ? 'first' : 'second';
      log.push(`place ${o?.side} ${o?.quantity} ${o?.order_type} ${o?.client_order_id}`);
      const why = script.refuse?.[which];
      if (why) throw new Error(why);
    },
    position: async () => {
      const next = reads.shift() ?? '0';
      if (next instanceof Error) throw next;
      return new Decimal(next);
    },
    tell: (kind, title, description) => told.push({ kind, title, description }),
    errorText: (e) => (e instanceof Error ? e.message : String(e)),
  };
  return { deps, log, told };
}

describe('reverse', () => {
  it('a long: a market SELL of the position, and once it filled and the position is flat, a market SHORT of the same size', async () => {
    const p = plan('10');
    const [first, second] = [
      p.first.input.new_orders[0]?.client_order_id,
      p.second?.input.new_orders[0]?.client_order_id,
    ];
    const r = recorder({});
    expect(await runReverse(p, 'AAPL', r.deps)).toBe('reversed');
    // Followed before it is placed: no event about it can come unheard.
    expect(r.log).toEqual([
      `follow ${first}`,
      `place SELL 10 MARKET ${first}`,
      `stop ${first}`,
      `place SHORT 10 MARKET ${second}`,
    ]);
    expect(first).not.toBe(second);
    expect(r.told.at(-1)).toEqual({
      kind: 'success',
      title: 'Reverse: Sell short 10 AAPL at market sent',
      description: 'Sell 10 AAPL at market filled; the position was flat.',
    });
  });

  it('a short: a BUY to cover, then a BUY of the same size', async () => {
    const r = recorder({});
    expect(await runReverse(plan('-7'), 'AAPL', r.deps)).toBe('reversed');
    expect(r.log.filter((l) => l.startsWith('place')).map((l) => l.split(' ').slice(1, 4).join(' '))).toEqual(
      ['BUY 7 MARKET', 'BUY 7 MARKET'],
    );
  });

  it('a long that cannot be sold short is flattened only, and the trader is told', async () => {
    const p = plan('10', false);
    expect(p.second).toBeUndefined();
    const r = recorder({});
    expect(await runReverse(p, 'AAPL', r.deps)).toBe('flattened');
    expect(r.log.filter((l) => l.startsWith('place'))).toHaveLength(1);
    expect(r.told.map((t) => t.description)).toEqual([
      'AAPL cannot be sold short now (none to borrow): flattening only.',
      'AAPL cannot be sold short now (none to borrow): flattened only. Position: flat.',
    ]);
  });

  it('the first order not placed (refused by the broker, or declined in main): nothing more, the position told', async () => {
    const r = recorder({ refuse: { first: 'INSUFFICIENT_POSITION: not held' }, reads: ['10'] });
    expect(await runReverse(plan('10'), 'AAPL', r.deps)).toBe('first-not-placed');
    expect(r.log.filter((l) => l.startsWith('place'))).toHaveLength(1);
    expect(r.log.at(-1)).toMatch(/^stop /);
    expect(r.told).toEqual([
      {
        kind: 'error',
        title: 'Reverse stopped: Sell 10 AAPL at market not placed',
        description:
          'INSUFFICIENT_POSITION: not held. Sell short 10 AAPL at market was not sent. Position: long 10 AAPL.',
      },
    ]);
  });

  it.each([
    [
      'cancelled',
      { order: order({ status: 'CANCELLED', reason: 'DAY order expired at the close' }), timedOut: false },
      '10',
      'Sell 10 AAPL at market was cancelled (DAY order expired at the close), 0 of 10 filled. Sell short 10 AAPL at market was not sent. Position: long 10 AAPL.',
    ],
    [
      'rejected',
      { order: order({ status: 'FAILED', reason: 'Rejected at fill: no shares' }), timedOut: false },
      '10',
      'Sell 10 AAPL at market was rejected (Rejected at fill: no shares), 0 of 10 filled. Sell short 10 AAPL at market was not sent. Position: long 10 AAPL.',
    ],
    [
      'partly filled, then cancelled',
      { order: order({ status: 'CANCELLED', filled_quantity: '4' }), timedOut: false },
      '6',
      'Sell 10 AAPL at market was cancelled, 4 of 10 filled. Sell short 10 AAPL at market was not sent. Position: long 6 AAPL.',
    ],
    [
      'partly filled within the bound',
      { order: order({ status: 'PARTIAL_FILLED', filled_quantity: '4' }), timedOut: true },
      '6',
      'Sell 10 AAPL at market did not fill within 10 s (4 of 10 filled, partial filled); it may still be working. Sell short 10 AAPL at market was not sent. Position: long 6 AAPL.',
    ],
    [
      'not heard of within the bound',
      { timedOut: true },
      '10',
      'Sell 10 AAPL at market did not fill within 10 s (no fill heard of); it may still be working. Sell short 10 AAPL at market was not sent. Position: long 10 AAPL.',
    ],
  ] as const)(
    'the first order %s: the second is not sent, and the trader is told',
    async (_, end, now, said) => {
      const r = recorder({ end, reads: [now] });
      expect(await runReverse(plan('10'), 'AAPL', r.deps)).toBe('first-not-filled');
      expect(r.log.filter((l) => l.startsWith('place'))).toHaveLength(1);
      expect(r.told.at(-1)).toEqual({ kind: 'error', title: 'Reverse stopped', description: said });
    },
  );

  it('the position not flat after the fill (or not readable): the second is not sent', async () => {
    const moved = recorder({ reads: ['3'] });
    expect(await runReverse(plan('10'), 'AAPL', moved.deps)).toBe('not-flat');
    expect(moved.told.at(-1)?.description).toBe(
      'Sell 10 AAPL at market filled, but the position reads long 3 AAPL, not flat. Sell short 10 AAPL at market was not sent.',
    );
    const unread = recorder({ reads: [new Error('offline')] });
    expect(await runReverse(plan('10'), 'AAPL', unread.deps)).toBe('not-flat');
    expect(unread.told.at(-1)?.description).toBe(
      'Sell 10 AAPL at market filled, but the position could not be read (offline). Sell short 10 AAPL at market was not sent.',
    );
    for (const r of [moved, unread]) expect(r.log.filter((l) => l.startsWith('place'))).toHaveLength(1);
  });

  it('the second order not placed: the trader is told the position is flat', async () => {
    const r = recorder({ refuse: { second: 'AAPL cannot be borrowed' } });
    expect(await runReverse(plan('10'), 'AAPL', r.deps)).toBe('second-not-placed');
    expect(r.told.at(-1)).toEqual({
      kind: 'error',
      title: 'Reverse stopped at flat: Sell short 10 AAPL at market not placed',
      description: 'AAPL cannot be borrowed. Sell 10 AAPL at market filled. Position: flat.',
    });
  });

  it('nothing to reverse without a position', () => {
    expect(reversePlan({ symbol: 'AAPL', accountId: 'A1', positions: [] }, true)).toEqual({
      error: 'No AAPL position to reverse.',
    });
  });
});
