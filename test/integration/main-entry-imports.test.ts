import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chainsTo } from './import-graph';

/**
 * Main's entry starts the sandbox's warm worker before main's body loads (docs/architecture.md
 * "Startup order"). A bundle's static imports all evaluate before its first line, so the entry may
 * reach none of the body's heavy packages, nor the body itself, through them: the body is required
 * at run time, after the worker has started.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = resolve(ROOT, 'electron/main/index.ts');
const HEAVY =
  /^(?:zod|mqtt|@grpc\/grpc-js|protobufjs|aedes|decimal\.js)(?:\/|$)|^electron\/main\/main-body\.ts$/;

describe("main's entry", () => {
  it('reaches no heavy package and not the body through static imports', () => {
    const chains = chainsTo(ROOT, [ENTRY], HEAVY).map((chain) => chain.join(' → '));
    expect(chains).toEqual([]);
  });

  it('starts the warm worker, then requires the body', () => {
    const code = readFileSync(ENTRY, 'utf8');
    const warm = code.indexOf('warmSandboxWorker({');
    const body = code.indexOf("('./main-body')");
    expect(warm).toBeGreaterThan(-1);
    expect(body).toBeGreaterThan(warm);
  });

  it('the walker finds the body and its packages from the body itself', () => {
    // The check can fail: from the body, zod and the rest are reached.
    const fromBody = chainsTo(ROOT, [resolve(ROOT, 'electron/main/main-body.ts')], HEAVY);
    expect(fromBody.map((chain) => chain[chain.length - 1])).toEqual(
      expect.arrayContaining(['zod', 'protobufjs']),
    );
  });

  it('the body reaches mqtt.js and gRPC only at run time, once the window is asked for', () => {
    // Their requires ran before main could make its window (electron/streaming/link-packages.ts).
    const chains = chainsTo(
      ROOT,
      [resolve(ROOT, 'electron/main/main-body.ts')],
      /^(?:mqtt|@grpc\/grpc-js)(?:\/|$)/,
    );
    expect(chains.map((chain) => chain.join(' → '))).toEqual([]);
  });
});
