import { runInThisContext } from 'node:vm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DISPATCH_FUNCTION } from './preload-shim';
import { WebContents } from './windows';

/**
 * A page whose CDP session runs `Runtime.evaluate` against this process's global, where the test
 * puts the page's dispatch function; each answer comes only when the test releases it (a CDP
 * round trip under way).
 */
function fakePage() {
  const received: Array<[string, unknown[]]> = [];
  const evaluations: string[] = [];
  const releases: Array<() => void> = [];
  (globalThis as unknown as Record<string, unknown>)[DISPATCH_FUNCTION] = (c: string, a: unknown[]) => {
    if (c === 'boom') throw new Error('listener failed');
    received.push([c, a]);
  };
  const session = {
    send: async (method: string, params: { expression: string }) => {
      expect(method).toBe('Runtime.evaluate');
      evaluations.push(params.expression);
      runInThisContext(params.expression);
      await new Promise<void>((resolve) => releases.push(resolve));
      return {};
    },
  };
  let closed = false;
  const page = {
    isClosed: () => closed,
    context: () => ({ newCDPSession: async () => session }),
  } as unknown as Page;
  const settle = () => new Promise((r) => setTimeout(r, 5));
  return { page, received, evaluations, releases, settle, close: () => (closed = true) };
}

describe('stand-in webContents.send', () => {
  it('sends of one turn cross together in one evaluate, in order, copied at send time', async () => {
    const { page, received, evaluations, settle } = fakePage();
    const wc = new WebContents(Promise.resolve(page));
    const payload = { n: 1 };
    wc.send('stream', payload);
    payload.n = 99; // a change after the send is not seen (Electron copies at send time)
    wc.send('other', 'a', 'b');
    wc.send('stream', { n: 3 });
    await settle();
    expect(received).toEqual([
      ['stream', [{ n: 1 }]],
      ['other', ['a', 'b']],
      ['stream', [{ n: 3 }]],
    ]);
    expect(evaluations).toHaveLength(1);
  });

  it('a batch does not wait for the page to answer the one before it, and order holds', async () => {
    const { page, received, evaluations, releases, settle } = fakePage();
    const wc = new WebContents(Promise.resolve(page));
    wc.send('stream', 1);
    await settle();
    wc.send('stream', 2);
    await settle();
    wc.send('stream', 3);
    await settle();
    // No answer has come back, yet every batch went out (Electron's send does not wait either).
    expect(releases).toHaveLength(3);
    expect(evaluations).toHaveLength(3);
    expect(received).toEqual([
      ['stream', [1]],
      ['stream', [2]],
      ['stream', [3]],
    ]);
  });

  it('a JSON "__proto__" key arrives as data, not as a prototype', async () => {
    const { page, received, settle } = fakePage();
    const wc = new WebContents(Promise.resolve(page));
    wc.send('stream', JSON.parse('{"__proto__": {"polluted": true}, "n": 1}'));
    await settle();
    const [[, [value]]] = received as [[string, [Record<string, unknown>]]];
    expect(Object.keys(value)).toContain('__proto__');
    expect((value as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('a listener that throws for one message does not lose the others', async () => {
    const { page, received, settle } = fakePage();
    const wc = new WebContents(Promise.resolve(page));
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      wc.send('first', 1);
      wc.send('boom', 2);
      wc.send('last', 3);
      await settle();
      expect(received).toEqual([
        ['first', [1]],
        ['last', [3]],
      ]);
      expect(uncaught).toHaveLength(1);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('a send to a closed page is dropped quietly', async () => {
    const { page, received, evaluations, settle, close } = fakePage();
    const wc = new WebContents(Promise.resolve(page));
    close();
    wc.send('stream', 1);
    await settle();
    expect(evaluations).toHaveLength(0);
    expect(received).toEqual([]);
  });
});
