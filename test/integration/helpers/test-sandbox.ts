import { type SandboxHandle, type SandboxOverrides, startSandbox } from '../../../sandbox/index';
import type { SandboxOptions } from '../../../sandbox/index';
import { type SandboxCaller, signedCaller } from './signed-fetch';
import { type StubMarket, createStubMarket } from './stub-market';
import { testTempDir } from '../../../electron/testing/temp-dir';
import { RTH_TIME } from './rth-time';

export { RTH_TIME } from './rth-time';

export interface TestSandbox {
  sandbox: SandboxHandle;
  market: StubMarket;
  call: SandboxCaller;
  clock: { now: number };
  dataDir: string;
}

export const freshDataDir = () => testTempDir('bullpen-sbx-test-');

/** Starts the HTTP-only sandbox on a stub market with a hand-moved clock. */
export async function startTestSandbox(
  opts: SandboxOptions = {},
  overrides: SandboxOverrides = {},
  clock = { now: RTH_TIME },
): Promise<TestSandbox> {
  const now = () => clock.now;
  const market = createStubMarket(now);
  const dataDir = opts.dataDir ?? freshDataDir();
  const sandbox = await startSandbox(
    { appKey: 'a'.repeat(32), appSecret: 'test-secret', ...opts, dataDir, clock: now },
    { market, httpOnly: true, matchIntervalMs: 60_000, log: () => undefined, ...overrides },
  );
  return { sandbox, market, call: signedCaller(sandbox, now), clock, dataDir };
}
