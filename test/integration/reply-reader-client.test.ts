import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import type { ReadWhere } from '../../electron/openapi/reply-reader';
import { replyReaderWorkerEntry } from '../../electron/openapi/reply-reader-entry';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import type { ReaderEvent } from '../../shared/openapi/read-reply';
import { type SandboxHandle, startSandbox } from '../../sandbox/index';

/**
 * The client with its reply reader thread (docs/openapi-client.md "Reading replies") against the
 * real sandbox, which answers bars in the real service's form (ISO `+0000` times, text decimals):
 * 1,200 minute bars read in the thread are the record the client reads on main's loop.
 */
const T0 = Date.parse('2026-11-18T15:00:00Z');
const BARS = { symbol: 'AAPL', category: 'US_STOCK', timespan: 'M1', count: 1_200 } as const;

describe('the client with its reply reader thread, against the sandbox', () => {
  let sandbox: SandboxHandle;
  const clients: OpenApiClient[] = [];
  beforeAll(async () => {
    sandbox = await startSandbox({ clock: () => T0, tokenApprovalDelayMs: 0 }, { log: () => undefined });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await sandbox?.stop();
  });

  function client(over: Partial<Parameters<typeof createOpenApiClient>[0]> = {}) {
    const events: ReaderEvent[] = [];
    const c = createOpenApiClient({
      environment: testEnvironment(sandbox.apiUrl),
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
      now: () => T0,
      barsBatchWindowMs: false,
      onReaderEvent: (e) => events.push(e),
      ...over,
    });
    clients.push(c);
    return { c, events };
  }

  it('reads 1,200 bars in the thread into the record read inline', async () => {
    const inline = client();
    const expected = await inline.c.api.bars(BARS);
    expect(expected.bars).toHaveLength(1_200);

    const reads: ReadWhere[] = [];
    let ready: Promise<unknown> | undefined;
    const withReader = client({
      replyReader: {
        entry: replyReaderWorkerEntry(),
        onRead: (where, op) => {
          if (op === 'bars') reads.push(where);
        },
        onWorker: (w: Worker) => {
          ready = new Promise((resolve) => w.once('message', resolve));
        },
      },
    });
    // The first large reply starts the thread and is read inline; the next is read in the thread.
    expect(await withReader.c.api.bars(BARS)).toEqual(expected);
    expect(ready).toBeDefined();
    await ready;
    withReader.events.length = 0;
    expect(await withReader.c.api.bars(BARS)).toEqual(expected);
    expect(reads).toEqual(['inline', 'worker']);
    // The repairs the real form needs are reported as main reports them.
    expect(withReader.events).toEqual(inline.events);
    expect(withReader.events.length).toBeGreaterThan(0);
  });
});
