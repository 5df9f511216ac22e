import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DISPATCH_FUNCTION } from './preload-shim';
import { WebContents } from './windows';

/**
 * A page whose evaluate runs the function against a fake global holding the dispatch function,
 * answering only when the test releases it (a CDP round trip under way).
 */
function fakePage() {
  const received: Array<[string, unknown[]]> = [];
  const calls: number[] = [];
  const releases: Array<() => void> = [];
  (globalThis as unknown as Record<string, unknown>)[DISPATCH_FUNCTION] = (c: string, a: unknown[]) => {
    if (c === 'boom') throw new Error('listener failed');
    received.push([c, a]);
  };
  const page = {
    isClosed: () => false,
    evaluate: async (fn: (arg: unknown) => void, arg: unknown) => {
      calls.push(calls.length);
      await new Promise<void>((resolve) => releases.push(resolve));
      fn(arg);
    },
  } as unknown as Page;
  const underWay = async () => {
    for (let i = 0; i < 20 && releases.length === 0; i++) await new Promise((r) => setTimeout(r, 1));
  };
  const release = async () => {
    await underWay();
    releases.shift()?.();
    await new Promise((r) => setTimeout(r, 5));
  };
  return { page, received, calls, underWay, release };
}

describe('stand-in webContents.send', () => {
  it('sends made during a round trip cross together afterwards, in order, copied at send time', async () => {
    const { page, received, calls, underWay, release } = fakePage();
    const wc = new WebContents(Promise.resolve(page));
    const payload = { n: 1 };
    wc.send('stream', payload);
    await underWay();
    payload.n = 99; // a change after the send is not seen (Electron copies at send time)
    wc.send('stream', { n: 2 });
    wc.send('other', 'a', 'b');
    wc.send('stream', { n: 3 });
    await release();
    expect(received).toEqual([['stream', [{ n: 1 }]]]);
    await release();
    expect(received).toEqual([
      ['stream', [{ n: 1 }]],
      ['stream', [{ n: 2 }]],
      ['other', ['a', 'b']],
      ['stream', [{ n: 3 }]],
    ]);
    // One round trip for the first send, one for the three queued behind it.
    expect(calls).toHaveLength(2);
  });

  it('a listener that throws for one message does not lose the others', async () => {
    const { page, received, release } = fakePage();
    const wc = new WebContents(Promise.resolve(page));
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      wc.send('first', 1);
      wc.send('boom', 2);
      wc.send('last', 3);
      await release();
      await release();
      expect(received).toEqual([
        ['first', [1]],
        ['last', [3]],
      ]);
      expect(uncaught).toHaveLength(1);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
