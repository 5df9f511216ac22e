import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReply } from '../../shared/openapi/read-reply';
import { wireFixtures } from '../../electron/openapi/testing/wire-fixtures';
import { CONTRACT_CALLS, callContract, shapeOf } from './helpers/wire-capture';
import { type TestSandbox, startTestSandbox } from './helpers/test-sandbox';

/**
 * The contract fixtures (test/fixtures/wire/): the documented reply of each contract operation and
 * every observed variant. The readers accept each; the sandbox's replies match them in both wires:
 * the documented wire has every field of the documented fixture in the same form, the real wire
 * has the observed form wherever the observed fixture and the documented one disagree.
 */
const documentedFixtures = wireFixtures('documented');
const observedFixtures = wireFixtures('observed').filter((f) => f.status === 200);

/** Field name → the forms it takes anywhere in a reply (array positions and nesting ignored). */
function leafForms(body: unknown): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [path, form] of shapeOf(body)) {
    if (form === 'object' || form === 'array') continue;
    const leaf = path.split('.').at(-1)?.replace(/\[\]/g, '') ?? path;
    out.set(leaf, (out.get(leaf) ?? new Set()).add(form));
  }
  return out;
}

/** Operations whose real reply was held to at least one observed form that differs from the documented one. */
const compared = new Set<string>();

describe('contract fixtures: the readers accept each', () => {
  it('holds a documented reply for every contract call', () => {
    expect(documentedFixtures.map((f) => f.operation).sort()).toEqual(
      CONTRACT_CALLS.map((c) => c.operation).sort(),
    );
  });

  it.each(documentedFixtures.map((f) => [f.operation, f] as const))('documented %s', (_op, f) => {
    expect(f.status).toBe(200);
    const reading = readReply(f.operation, f.body);
    expect(reading.kind).toBe('record');
    expect(reading.notes).toEqual([]);
  });
});

describe('contract fixtures: the sandbox matches them in both wires', () => {
  let real: TestSandbox;
  let documented: TestSandbox;
  beforeAll(async () => {
    // The fixtures' own conditions: simulated market, seed 42, the suites' regular-hours clock.
    [real, documented] = await Promise.all([
      startTestSandbox({ seed: 42 }, { market: undefined }),
      startTestSandbox({ seed: 42, wire: 'documented' }, { market: undefined }),
    ]);
  });
  afterAll(() => Promise.all([real.sandbox.stop(), documented.sandbox.stop()]));

  it.each(CONTRACT_CALLS.map((c) => [c.operation, c] as const))('%s', async (op, call) => {
    const fixture = documentedFixtures.find((f) => f.operation === op);
    if (!fixture) throw new Error(`no documented fixture for ${op}`);

    // Documented wire: every field path of the fixture, in the same form.
    const docReply = await callContract(documented.call, call);
    expect(docReply.status).toBe(200);
    const docShape = shapeOf(docReply.json);
    for (const [path, form] of shapeOf(fixture.body)) expect(docShape.get(path), `${op} ${path}`).toBe(form);

    // Real wire: readable by the client, and in the observed form wherever observation and
    // documentation disagree about a field both carry.
    const realReply = await callContract(real.call, call);
    expect(realReply.status).toBe(200);
    expect(readReply(op, realReply.json).kind).not.toBe('unreadable');
    const realForms = leafForms(realReply.json);
    const docForms = leafForms(fixture.body);
    for (const observed of observedFixtures.filter((f) => f.operation === op)) {
      if (typeof observed.body !== 'object' || observed.body === null) {
        expect(typeof realReply.json, `${op}: a receipt, as ${observed.file}`).toBe(typeof observed.body);
        continue;
      }
      for (const [leaf, forms] of leafForms(observed.body)) {
        const doc = docForms.get(leaf);
        const got = realForms.get(leaf);
        if (!doc || !got || [...forms].every((f) => doc.has(f))) continue;
        expect([...got], `${op} ${leaf} (${observed.file})`).toEqual([...forms]);
        compared.add(op);
      }
    }
  });

  it('compared the fields where observation and documentation disagree', () => {
    // Bar times (ISO), tick times (string ms) and capital-flow dates (yyyyMMdd) each had a field to hold.
    expect([...compared].sort()).toEqual(expect.arrayContaining(['batchBars', 'capitalFlow', 'ticks']));
  });
});
