import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../electron/testing/temp-dir';
import type { z } from 'zod';
import { ipcOps, type OpName } from '../../shared/ipc/contract';
import { issuePath } from '../../shared/ipc/validate';
import { createIpcDispatcher, type OpHandlers } from '../../electron/services/ipc-dispatch';
import { createStreamHub, type StreamSources } from '../../electron/services/stream-hub';
import { streamParams, type StreamName } from '../../shared/ipc/streams';
import { createRotatingLogger } from '../../electron/services/logger';
import { createRedactor } from '../../electron/common/redact';

const OPS = Object.keys(ipcOps) as OpName[];
const RUNS_PER_OP = 25;

/** Field names of an op's input (through defaults, pipes and union members), to aim the mutations at. */
function fieldsOf(schema: unknown, depth = 0): string[] {
  if (depth > 4 || typeof schema !== 'object' || schema === null) return [];
  const s = schema as {
    shape?: Record<string, unknown>;
    options?: unknown[];
    _zod?: { def?: Record<string, unknown> };
  };
  if (s.shape) return Object.keys(s.shape);
  if (Array.isArray(s.options)) return [...new Set(s.options.flatMap((o) => fieldsOf(o, depth + 1)))];
  const def = s._zod?.def ?? {};
  return fieldsOf(def.innerType ?? def.in ?? def.schema, depth + 1);
}

/** Values that are wrong for most fields: wrong types, control characters, out-of-range numbers, huge text. */
const wrongValue = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    Number.NaN,
    -0.5,
    '',
    ' ',
    '\u0000',
    'a\r\nb',
    '\u202e',
    'x'.repeat(70_000),
  ),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  fc.constantFrom(
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://u:p@evil.example',
    'http://example.com',
    '-----BEGIN CERTIFICATE-----\n%%%\n-----END CERTIFICATE-----',
  ),
);

function badInput(op: OpName): fc.Arbitrary<unknown> {
  const fields = fieldsOf(ipcOps[op].input);
  const roots = fc.oneof(
    fc.integer(),
    fc.string({ maxLength: 10 }),
    fc.boolean(),
    fc.array(fc.integer(), { maxLength: 3 }),
  );
  if (fields.length === 0) return roots;
  const aimed = fc
    .tuple(
      fc.constantFrom(...fields),
      wrongValue,
      fc.dictionary(fc.constantFrom(...fields), wrongValue, { maxKeys: 2 }),
    )
    .map(([field, value, others]) => ({ ...others, [field]: value }));
  return fc.oneof({ arbitrary: aimed, weight: 4 }, { arbitrary: roots, weight: 1 });
}

/** A dispatcher whose handlers only record that they ran. */
function recordingDispatcher(prefix: string) {
  const dir = testTempDir(prefix);
  const redactor = createRedactor();
  const calls: string[] = [];
  const handlers = new Proxy(
    {},
    {
      get: (_t, key: string) => () => {
        calls.push(key);
        return { ok: true };
      },
    },
  ) as OpHandlers;
  const dispatcher = createIpcDispatcher(handlers, {
    logger: createRotatingLogger({ dir, redactor }),
    redactor,
  });
  return { dispatcher, calls };
}

/** Call options that are not `{ priority?: 'user' | 'background' }` (nor null/undefined). */
const badOptions = fc.oneof(
  fc.record({ priority: wrongValue.filter((v) => v !== undefined) }),
  fc.record({ priority: fc.string({ maxLength: 12 }).filter((v) => v !== 'user' && v !== 'background') }),
  fc.record({ priority: fc.constantFrom('user', 'background'), timeoutMs: fc.integer() }),
  fc.dictionary(
    fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== 'priority'),
    fc.anything({ maxDepth: 1 }),
    { minKeys: 1, maxKeys: 3 },
  ),
  fc.integer(),
  fc.string({ maxLength: 10 }),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 2 }),
);

describe('every IPC operation refuses generated invalid input', () => {
  it(`answers INVALID_INPUT naming the field, never calls a handler, and main stays healthy (${OPS.length} operations × ${RUNS_PER_OP})`, async () => {
    const { dispatcher, calls } = recordingDispatcher('bullpen-ipc-fuzz-');
    let checked = 0;
    for (const op of OPS) {
      const schema = ipcOps[op].input as z.ZodType;
      await fc.assert(
        fc.asyncProperty(badInput(op), async (input) => {
          const expected = schema.safeParse(input ?? {});
          fc.pre(!expected.success);
          checked++;
          const reply = await dispatcher.dispatch(op, input, { senderId: 1 });
          expect(reply.ok).toBe(false);
          if (reply.ok || expected.success) return;
          expect(reply.error.code).toBe('INVALID_INPUT');
          expect(reply.error.retryable).toBe(false);
          expect(reply.error.message).toContain(op);
          expect(reply.error.message).toContain(issuePath(expected.error.issues[0]?.path ?? []));
          expect(reply.error.message.length).toBeLessThan(2_000);
        }),
        { numRuns: RUNS_PER_OP, seed: 18 },
      );
    }
    expect(calls).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(1_000);
    // Still answering: a valid call after all of that reaches its handler.
    expect(await dispatcher.dispatch('settings.get', {}, { senderId: 1 })).toEqual({
      ok: true,
      value: { ok: true },
    });
  }, 120_000);
});

describe('call options and operation names', () => {
  it(`refuses bad call options on every operation before any handler runs (${OPS.length} operations × 8)`, async () => {
    const { dispatcher, calls } = recordingDispatcher('bullpen-ipc-options-');
    let checked = 0;
    for (const op of OPS) {
      await fc.assert(
        fc.asyncProperty(badOptions, async (options) => {
          checked++;
          // Valid-looking input is irrelevant: options are checked first, and nothing may run.
          const reply = await dispatcher.dispatch(op, {}, { senderId: 1 }, options);
          expect(reply).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', retryable: false } });
          if (!reply.ok) expect(reply.error.message).toContain(`${op} options`);
        }),
        { numRuns: 8, seed: 7 },
      );
    }
    expect(calls).toEqual([]);
    expect(checked).toBe(OPS.length * 8);
    // `null`, `undefined` and both priorities are accepted.
    for (const options of [null, undefined, {}, { priority: 'user' }, { priority: 'background' }])
      expect(await dispatcher.dispatch('settings.get', {}, { senderId: 1 }, options)).toMatchObject({
        ok: true,
      });
  }, 120_000);

  it('refuses an operation name that is not in the contract, without running anything', async () => {
    const { dispatcher, calls } = recordingDispatcher('bullpen-ipc-names-');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'api.', 'api.__proto__'),
          fc.constantFrom(...OPS).map((op) => `${op} `),
          fc.constantFrom(...OPS).map((op) => op.toUpperCase()),
          fc.anything({ maxDepth: 1 }),
        ),
        async (op) => {
          fc.pre(!(typeof op === 'string' && Object.prototype.hasOwnProperty.call(ipcOps, op)));
          const reply = await dispatcher.dispatch(op, {}, { senderId: 1 });
          expect(reply).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
          if (!reply.ok) expect(reply.error.message).toMatch(/^op: unknown operation/);
        },
      ),
      { numRuns: 300, seed: 11 },
    );
    expect(calls).toEqual([]);
  });
});

describe('stream subscriptions', () => {
  const STREAMS = Object.keys(streamParams) as StreamName[];

  it('refuses bad subscription ids, unknown streams and bad parameters before any source starts', () => {
    const started: string[] = [];
    const sources = new Proxy(
      {},
      {
        get: (_t, key: string) => () => {
          started.push(key);
          return () => undefined;
        },
      },
    ) as StreamSources;
    const hub = createStreamHub({ sources, send: () => undefined, flushMs: 1_000 });
    const badQuotes = fc.oneof(
      wrongValue,
      fc.record({ symbols: wrongValue }),
      fc.record({ symbols: fc.constant(['AAPL']), subTypes: fc.oneof(wrongValue, fc.constant(['NOPE'])) }),
      fc.record({ symbols: fc.constant(['AAPL']), category: fc.string({ maxLength: 8 }) }),
      fc.record({ symbols: fc.array(fc.constant('AAPL'), { minLength: 501, maxLength: 502 }) }),
    );
    let checked = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          // A bad id on a real stream.
          fc.tuple(
            fc.oneof(wrongValue, fc.constantFrom('', 'a b', 'x'.repeat(65), '../id', 'id;drop')),
            fc.constantFrom(...STREAMS),
            fc.constant({}),
          ),
          // A good id on a stream that does not exist.
          fc.tuple(
            fc.constant('s1'),
            fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'toString', 'Quotes')),
            fc.constant({}),
          ),
          // A good id, the quotes stream, bad parameters.
          fc.tuple(fc.constant('s1'), fc.constant('quotes'), badQuotes),
        ),
        ([id, stream, params]) => {
          const expected =
            typeof id === 'string' &&
            /^[A-Za-z0-9_-]{1,64}$/.test(id) &&
            typeof stream === 'string' &&
            Object.prototype.hasOwnProperty.call(streamParams, stream) &&
            streamParams[stream as StreamName].safeParse(params ?? {}).success;
          fc.pre(!expected);
          checked++;
          const reply = hub.subscribe(1, id, stream, params);
          expect(reply).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', retryable: false } });
        },
      ),
      { numRuns: 300, seed: 23 },
    );
    expect(started).toEqual([]);
    expect(hub.subscriptionCount()).toBe(0);
    expect(checked).toBeGreaterThanOrEqual(250);
    // Still serving: a valid subscription starts its source.
    expect(hub.subscribe(1, 'ok-1', 'connection', {})).toMatchObject({ ok: true });
    expect(started).toEqual(['connection']);
    hub.close();
  });
});
