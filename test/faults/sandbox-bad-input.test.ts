import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldFromErrorMessage } from '../../shared/openapi/readers';
import { issuePath, queryObject } from '../../sandbox/testing';
import { OPERATION_IDS, operations, type OperationId } from '../../shared/openapi/operations';
import { type SignedResponse } from '../integration/helpers/signed-fetch';
import { type TestSandbox, startTestSandbox } from '../integration/helpers/test-sandbox';

/**
 * Every route of the catalogue fed generated bad query strings (GET) or bodies (POST): wrong types,
 * out-of-range and huge values, control characters, repeated names, unknown names, malformed JSON
 * and non-object bodies. Each answers within a second with a 4xx `{error_code, message}` (never a
 * 5xx), and a parameter the catalogue's schema refuses is named in the message (the real wire's 417).
 */
const ANSWER_WITHIN_MS = 1_000;
const RUNS = 15;

const badText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e999',
    'NaN',
    '0x1F',
    '1.5',
    'true',
    '\u0000',
    'a\r\nb',
    '%',
    '[]',
    '{}',
    ',,,',
    'ZZZZZZZZ',
    '2026-13-45',
    '9999999999999999999999',
    'x'.repeat(600),
  ),
  fc.string({ maxLength: 12 }),
);
const badJson = fc.oneof(
  badText,
  fc.constantFrom(null, true, 0, -1, 1e308, 1.5, [], {}, [1, 'a'], { a: { b: 1 } }),
  fc.integer(),
  fc.array(fc.oneof(fc.integer(), badText), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.integer(), badText), { maxKeys: 2 }),
);
const malformedBody = fc.constantFrom(
  '{',
  '[]',
  '"x"',
  'null',
  '1',
  '{"a":',
  '{"a":1}}',
  '\u0000',
  'not json',
);

const fieldsOf = (id: OperationId) =>
  Object.keys((operations[id].params as { shape?: Record<string, unknown> }).shape ?? {});

type Case = { query: Array<[string, string]> } | { body: Record<string, unknown> } | { raw: string };

function badCase(id: OperationId): fc.Arbitrary<Case> {
  const names = [...fieldsOf(id), 'unknown_param'];
  if (operations[id].method === 'GET')
    return fc
      .array(fc.tuple(fc.constantFrom(...names), badText), { minLength: 1, maxLength: 4 })
      .map((query) => ({ query }));
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.dictionary(fc.constantFrom(...names), badJson, { minKeys: 1 }).map((body) => ({ body })),
    },
    { weight: 1, arbitrary: malformedBody.map((raw) => ({ raw })) },
  );
}

/** What the catalogue's schema says about a case: the parameter it names first, if it refuses. */
function refusedParameter(id: OperationId, c: Case): string | undefined {
  let raw: unknown;
  if ('query' in c) raw = queryObject(c.query);
  else if ('body' in c) raw = c.body;
  else {
    try {
      raw = JSON.parse(c.raw) as unknown;
    } catch {
      return 'body';
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return 'body';
  }
  const result = (operations[id].params as z.ZodType).safeParse(raw);
  if (result.success) return undefined;
  return issuePath(result.error.issues[0]?.path ?? []) || 'body';
}

describe('every sandbox route refuses bad input clearly', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    // The simulated market (every route implemented), with a rate limit no generated run can reach.
    t = await startTestSandbox(
      { marketDataLimitPerMinute: 1_000_000, endpointLimitScale: 0 },
      { market: undefined },
    );
    // The first screener request of a process computes a year of daily paths for the whole universe
    // (seconds of CPU, cached afterwards); that cold start is a cost of its own, not a bad-input
    // reply, so it is paid here once before the one-second bound applies.
    await t.call({ method: 'GET', path: operations.gainersLosers.path });
  });
  afterAll(() => t.sandbox.stop());

  it.each(OPERATION_IDS)('%s', async (id) => {
    const def = operations[id];
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(badCase(id), async (c) => {
        const req =
          'query' in c
            ? { method: 'GET' as const, path: def.path, query: c.query }
            : { method: def.method, path: def.path, body: 'body' in c ? c.body : c.raw };
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), ANSWER_WITHIN_MS);
        });
        const res: SignedResponse | 'timeout' = await Promise.race([t.call(req), timeout]);
        clearTimeout(timer);
        const what = `${id} ${JSON.stringify(c).slice(0, 300)}`;
        expect(res, `${what} did not answer within ${ANSWER_WITHIN_MS} ms`).not.toBe('timeout');
        if (res === 'timeout') return;
        expect(res.status, `${what}: ${JSON.stringify(res.json)}`).toBeLessThan(500);
        const name = refusedParameter(id, c);
        if (name === undefined) return;
        refused++;
        // The real service's parameter errors (the sandbox's default wire): 417 naming the parameter
        // in its own wording (`invalid <name>, value: [...]`), UNSUPPORTED_* for category and period.
        expect(res.status, what).toBe(417);
        expect(res.json, what).toMatchObject({
          error_code: expect.stringMatching(/^(OPENAPI_PARAM_ERR|UNSUPPORTED_CATEGORY|UNSUPPORTED_PERIOD)$/),
        });
        expect(fieldFromErrorMessage((res.json as { message: string }).message), what).toBe(name);
      }),
      { numRuns: RUNS, seed: 20261123 },
    );
    // The generator does its job: most cases are refusals, not accepted look-alikes.
    if (fieldsOf(id).length > 0) expect(refused).toBeGreaterThan(RUNS / 3);
  });
});
