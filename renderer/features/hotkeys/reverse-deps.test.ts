import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Following one order: its trade events end the wait; the bound ends it with one read of the order. */
const bridge = vi.hoisted(() => ({
  invoke: vi.fn(),
  listeners: new Set<(data: unknown) => void>(),
}));
vi.mock('../../lib/bridge', async (original) => ({
  ...(await original<typeof import('../../lib/bridge')>()),
  invoke: bridge.invoke,
  subscribe: (_stream: string, _params: unknown, onData: (data: unknown) => void) => {
    bridge.listeners.add(onData);
    return () => bridge.listeners.delete(onData);
  },
}));
const { followOrder } = await import('./reverse-deps');

const ID = 'a'.repeat(32);
const push = (accountId: string, payload: Record<string, unknown>) => {
  for (const l of bridge.listeners) l({ kind: 'order', accountId, environmentId: 'e', time: 1, payload });
};

beforeEach(() => {
  vi.useFakeTimers();
  bridge.listeners.clear();
  bridge.invoke.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('following an order', () => {
  it("ends at the order's final status from its trade events, and stops listening", async () => {
    const f = followOrder('A1', ID, 10_000);
    push('A2', { client_order_id: ID, status: 'FILLED' });
    push('A1', { client_order_id: 'b'.repeat(32), status: 'FILLED' });
    push('A1', { client_order_id: ID, status: 'PARTIAL_FILLED', filled_quantity: '4' });
    push('A1', { client_order_id: ID, status: 'CANCELLED', filled_quantity: '4' });
    expect(await f.ended).toEqual({
      order: { client_order_id: ID, status: 'CANCELLED', filled_quantity: '4' },
      timedOut: false,
    });
    expect(bridge.listeners.size).toBe(0);
    expect(bridge.invoke).not.toHaveBeenCalled();
  });

  it('at the bound, reads the order once: a fill the events did not bring still counts, anything else is a timeout', async () => {
    bridge.invoke.mockResolvedValueOnce({ client_order_id: ID, status: 'FILLED', filled_quantity: '10' });
    const filled = followOrder('A1', ID, 10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await filled.ended).toMatchObject({ order: { status: 'FILLED' }, timedOut: false });
    expect(bridge.invoke).toHaveBeenCalledWith('api.orderDetail', { account_id: 'A1', client_order_id: ID });

    bridge.invoke.mockResolvedValueOnce({
      client_order_id: ID,
      status: 'PARTIAL_FILLED',
      filled_quantity: '4',
    });
    const working = followOrder('A1', ID, 10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await working.ended).toMatchObject({ order: { status: 'PARTIAL_FILLED' }, timedOut: true });

    bridge.invoke.mockRejectedValueOnce(new Error('offline'));
    const unknown = followOrder('A1', ID, 10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await unknown.ended).toEqual({ order: undefined, timedOut: true });
    expect(bridge.listeners.size).toBe(0);
  });
});
