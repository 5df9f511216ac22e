import { describe, expect, it } from 'vitest';
import { regionEnvironment, type EnvironmentSettings } from '../../../shared/environments';
import type { OpenApiClient } from '../../openapi/client';
import { testTempDir } from '../../testing/temp-dir';
import type { EnvironmentStore } from '../environment-store';
import type { Logger } from '../logger';
import type { EngineParts } from '../ports';
import type { SessionManager } from '../session-manager';
import type { CredentialVault } from '../vault';
import { createConnectionCheck } from './connection-check';

/**
 * One check at a time (Settings → Check connection): a second click for the same environment
 * joins the run under way; a click for another environment gets that environment's report, after
 * the first run, never the first environment's.
 */
const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, file: '' };

function setup() {
  const envs: Record<string, EnvironmentSettings> = {
    a: { ...regionEnvironment('us', 'a'), name: 'A' },
    b: { ...regionEnvironment('hk', 'b'), name: 'B' },
  };
  const gates: Array<() => void> = [];
  const started: string[] = [];
  const parts: EngineParts = {
    startSandbox: () => Promise.reject(new Error('no sandbox here')),
    createClient: (o) =>
      ({
        // The handshake waits until the test lets it fail, so the first run is under way meanwhile.
        ready: () => {
          started.push(o.environment.name);
          return new Promise<void>((_resolve, reject) => gates.push(() => reject(new Error('closed'))));
        },
        close: () => undefined,
      }) as unknown as OpenApiClient,
  };
  const check = createConnectionCheck({
    sessions: {} as SessionManager,
    environments: { get: (id: string) => envs[id], activeId: () => 'a' } as unknown as EnvironmentStore,
    vault: {
      credentialsFor: () => ({ appKey: 'key', appSecret: 'secret-value' }),
      tokenStore: () => ({ load: () => Promise.resolve(null), save: () => Promise.resolve() }),
    } as unknown as CredentialVault,
    parts,
    reportsDir: testTempDir('bullpen-check-'),
    logger: silent,
  });
  return { check, gates, started };
}

describe('connection check, one at a time', () => {
  it('joins a run for the same environment and runs another environment after it, with its own report', async () => {
    const { check, gates, started } = setup();
    const first = check.run('a');
    const again = check.run();
    const other = check.run('b');
    expect(again).toBe(first);
    await expect.poll(() => started).toEqual(['A']);
    gates.shift()?.();
    expect((await first).report.environment.name).toBe('A');
    await expect.poll(() => started).toEqual(['A', 'B']);
    gates.shift()?.();
    const b = await other;
    expect(b.report.environment.name).toBe('B');
    expect(b.report.steps[0]).toMatchObject({ id: 'handshake', status: 'failed' });
  });
});
