import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../shared/openapi/operations';
import type { ReaderEvent } from '../../shared/openapi/read-reply';
import { isoTimeText } from '../../shared/openapi/readers';
import { testTempDir } from '../testing/temp-dir';
import { ApiError } from './api-error';
import {
  createReplyReader,
  MAX_PENDING_READS,
  MAX_READER_RESTARTS,
  OFF_THREAD_BYTES,
  type ReadWhere,
  type ReplyReader,
} from './reply-reader';
import { replyReaderWorkerEntry } from './reply-reader-entry';
import { ServerClock } from './server-clock';
import { testEnvironment, TEST_CREDENTIALS } from './testing/loopback-server';
import { Transport, type WireReply, type WireRequest } from './transport';

/**
 * Large replies read in the reader thread (docs/openapi-client.md "Reading replies"): a real worker
 * thread, loaded from source under tsx, against `Transport.parse` on the same reply.
 */
const T0 = Date.parse('2026-11-18T14:30:00Z');
const BARS_PATH = '/openapi/market-data/stock/bars';

/** A minute bar, its prices as text; the observed form writes the time as ISO text with `+0000`. */
function bar(i: number, time: 'observed' | 'documented') {
  const ms = T0 + i * 60_000;
  const price = (cents: number) => `${100 + Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return {
    time: time === 'observed' ? isoTimeText(ms) : ms,
    open: price(i % 500),
    high: price((i % 500) + 20),
    low: price(i % 500),
    close: price((i % 500) + 10),
    volume: String(1_000 + i),
  };
}
const bars = (n: number, time: 'observed' | 'documented') =>
  Array.from({ length: n }, (_, i) => bar(i, time));

const sent: WireRequest = {
  method: 'GET',
  path: BARS_PATH,
  query: [
    ['symbol', 'AAPL'],
    ['category', 'US_STOCK'],
    ['timespan', 'M1'],
    ['count', '1200'],
  ],
  body: null,
  xVersion: 'v2',
};

interface Setup {
  transport: Transport;
  reader: ReplyReader;
  events: ReaderEvent[];
  reads: Array<{ where: ReadWhere; op: OperationId }>;
  workers: Worker[];
  logs: string[];
  /** Resolves when the latest thread says it is ready. */
  ready: () => Promise<unknown>;
  /** Each thread's exit. */
  exits: Array<Promise<unknown>>;
}

function setup(entry = replyReaderWorkerEntry(), readDeadlineMs?: number): Setup {
  const transport = new Transport({
    environment: testEnvironment('http://127.0.0.1:9'),
    credentials: TEST_CREDENTIALS,
    clock: new ServerClock(),
    onReaderEvent: (e) => events.push(e),
  });
  const events: ReaderEvent[] = [];
  const reads: Setup['reads'] = [];
  const workers: Worker[] = [];
  const logs: string[] = [];
  const exits: Array<Promise<unknown>> = [];
  let readyMessage: Promise<unknown> = Promise.resolve();
  const reader = createReplyReader(transport, {
    entry,
    onRead: (where, op) => reads.push({ where, op }),
    onWorker: (w) => {
      workers.push(w);
      // The thread's first message is its `ready`.
      // Not events.once: it rejects on the thread's `error`, which the reader handles.
      readyMessage = new Promise((resolve) => w.once('message', resolve));
      exits.push(new Promise((resolve) => w.once('exit', resolve)));
    },
    log: (line) => logs.push(line),
    readDeadlineMs,
  });
  return { transport, reader, events, reads, workers, logs, exits, ready: () => readyMessage };
}

const replyOf = (t: Transport, body: unknown, status = 200): WireReply => ({
  status,
  headers: {},
  bodyText: typeof body === 'string' ? body : JSON.stringify(body),
  secrets: t.secrets,
  request: { environment: 'Test', method: 'GET', path: BARS_PATH },
});

/** What `Transport.parse` gives for the reply on main's loop: its value or its error, and its events. */
function inline(s: Setup, reply: WireReply) {
  s.events.length = 0;
  let outcome: { value: unknown } | { error: unknown };
  try {
    outcome = { value: s.transport.parse('bars', reply, sent) };
  } catch (error) {
    outcome = { error };
  }
  const events = [...s.events];
  s.events.length = 0;
  return { outcome, events };
}

async function viaReader(s: Setup, reply: WireReply) {
  s.events.length = 0;
  s.reads.length = 0;
  let outcome: { value: unknown } | { error: unknown };
  try {
    outcome = { value: await s.reader.read('bars', reply, sent) };
  } catch (error) {
    outcome = { error };
  }
  return { outcome, events: [...s.events], where: s.reads.map((r) => r.where) };
}

describe('the reply reader thread', () => {
  let s: Setup;
  beforeAll(async () => {
    s = setup();
    // The first large reply starts the thread and is read inline; later ones go to the thread.
    const first = await viaReader(
      s,
      replyOf(s.transport, { symbol: 'AAPL', bars: bars(1_200, 'documented') }),
    );
    expect(first.where).toEqual(['inline']);
    expect(s.workers).toHaveLength(1);
    await s.ready();
  });
  afterAll(() => s.reader.close());

  it.each(['observed', 'documented'] as const)(
    'reads 1,200 bars in the %s form into the same record and the same events as main would',
    async (form) => {
      // Observed: a bare list of bars with ISO `+0000` times, its symbol completed from the request.
      const body = form === 'observed' ? bars(1_200, form) : { symbol: 'AAPL', bars: bars(1_200, form) };
      const reply = replyOf(s.transport, body);
      expect(reply.bodyText.length).toBeGreaterThan(OFF_THREAD_BYTES);
      const expected = inline(s, reply);
      const got = await viaReader(s, reply);
      expect(got.where).toEqual(['worker']);
      expect(got.outcome).toEqual(expected.outcome);
      expect(got.events).toEqual(expected.events);
      // Every ISO time was repaired: one event for the 1,200 of them.
      if (form === 'observed') expect(got.events.some((e) => e.count === 1_200)).toBe(true);
    },
  );

  it('redacts the secret in a sample, in main', async () => {
    const secret = TEST_CREDENTIALS.appSecret;
    // A row that cannot be read is skipped and noted with the row itself as its value.
    const rows = [
      { memo: secret, ...bar(0, 'documented'), time: 'never' },
      ...bars(1_200, 'documented').slice(1),
    ];
    const reply = replyOf(s.transport, { symbol: 'AAPL', bars: rows });
    const expected = inline(s, reply);
    const got = await viaReader(s, reply);
    expect(got.where).toEqual(['worker']);
    const skipped = got.events.find((e) => e.kind === 'skipped');
    expect(skipped?.sample).toContain('[REDACTED]');
    expect(JSON.stringify(got.events)).not.toContain(secret);
    expect(got.events).toEqual(expected.events);
    expect(got.outcome).toEqual(expected.outcome);
  });

  it.each([
    ['an unreadable reply', (t: Transport) => replyOf(t, { symbol: 7, bars: bars(1_200, 'documented') })],
    [
      'a reply that is not JSON',
      (t: Transport) => replyOf(t, `<html>${'x'.repeat(OFF_THREAD_BYTES)}</html>`),
    ],
    [
      'an error reply',
      (t: Transport) =>
        replyOf(t, { error_code: 'INTERNAL_ERROR', message: 'x'.repeat(OFF_THREAD_BYTES), bars: [] }, 500),
    ],
  ])('gives %s back to main, which reads it into the same error as inline', async (_name, make) => {
    const reply = make(s.transport);
    const expected = inline(s, reply);
    const got = await viaReader(s, reply);
    expect(got.where).toEqual(['inline']);
    expect('error' in expected.outcome && expected.outcome.error).toBeInstanceOf(ApiError);
    expect(got.outcome).toEqual(expected.outcome);
    const [a, b] = [got.outcome, expected.outcome].map((o) =>
      'error' in o ? (o.error as ApiError) : undefined,
    );
    expect([a?.code, a?.message]).toEqual([b?.code, b?.message]);
    expect(got.events).toEqual(expected.events);
  });

  it(`keeps at most ${MAX_PENDING_READS} reads waiting in the thread; one more is read inline`, async () => {
    const reply = replyOf(s.transport, bars(1_200, 'observed'));
    const expected = inline(s, reply);
    s.reads.length = 0;
    const all = await Promise.all(
      Array.from({ length: MAX_PENDING_READS + 1 }, () => s.reader.read('bars', reply, sent)),
    );
    for (const value of all) expect({ value }).toEqual(expected.outcome);
    const where = s.reads.map((r) => r.where);
    expect(where.filter((w) => w === 'worker')).toHaveLength(MAX_PENDING_READS);
    expect(where.filter((w) => w === 'inline')).toHaveLength(1);
  });

  it('reads a small reply inline', async () => {
    const got = await viaReader(s, replyOf(s.transport, { symbol: 'AAPL', bars: bars(10, 'documented') }));
    expect(got.where).toEqual(['inline']);
  });
});

describe('the reply reader thread, when it stops', () => {
  let s: Setup | undefined;
  afterEach(() => s?.reader.close());

  it('reads a reply pending in a thread that was terminated inline, and starts a new thread later', async () => {
    s = setup();
    const reply = replyOf(s.transport, bars(1_200, 'observed'));
    await viaReader(s, reply);
    await s.ready();
    const expected = inline(s, reply);
    s.reads.length = 0;
    const pending = s.reader.read('bars', reply, sent);
    const worker = s.workers[0];
    expect(worker).toBeDefined();
    await worker?.terminate();
    await s.exits[0];
    expect({ value: await pending }).toEqual(expected.outcome);
    expect(s.reads.map((r) => r.where)).toEqual(['inline']);
    // The next large reply starts a thread again (and is read inline meanwhile).
    expect((await viaReader(s, reply)).where).toEqual(['inline']);
    expect(s.workers).toHaveLength(2);
  });

  it('stops a thread that says it is ready but never answers, and reads its reply inline', async () => {
    // A real thread that loads, says `ready`, and then answers nothing.
    const file = join(testTempDir('bullpen-reply-reader-'), 'silent.cjs');
    writeFileSync(
      file,
      "const { parentPort } = require('node:worker_threads');\n" +
        "parentPort.on('message', () => undefined);\n" +
        "parentPort.postMessage({ type: 'ready' });\n",
    );
    s = setup({ file }, 200);
    const reply = replyOf(s.transport, bars(1_200, 'observed'));
    const expected = inline(s, reply);
    await viaReader(s, reply);
    await s.ready();
    const got = await viaReader(s, reply);
    expect(got.outcome).toEqual(expected.outcome);
    expect(got.where).toEqual(['inline']);
    expect(s.logs).toContain('reply reader: no answer in 200 ms; stopping it');
    await s.exits[0];
  });

  it(`starts a thread that keeps failing ${MAX_READER_RESTARTS} more times, then reads everything inline`, async () => {
    s = setup({ file: '/nonexistent/reply-reader-worker.js' });
    const reply = replyOf(s.transport, bars(1_200, 'observed'));
    for (let i = 1; i <= MAX_READER_RESTARTS + 1; i++) {
      expect((await viaReader(s, reply)).where).toEqual(['inline']);
      expect(s.workers).toHaveLength(i);
      await s.exits[i - 1];
    }
    expect(s.logs.filter((l) => l.startsWith('reply reader: stopped'))).toHaveLength(MAX_READER_RESTARTS + 1);
    expect((await viaReader(s, reply)).where).toEqual(['inline']);
    expect(s.workers).toHaveLength(MAX_READER_RESTARTS + 1);
  });
});
