import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { defaultEngineParts } from '../../electron/services/default-engine-parts';
import type { Logger } from '../../electron/services/logger';
import type { OpenApiClient } from '../../electron/openapi/client';
import type { TradeEventFeed } from '../../electron/services/ports';
import { WAIT } from './helpers';

/** The server's wall clock is 10 minutes ahead of this machine's: beyond the 5-minute signing window. */
const OFFSET_MS = 10 * 60_000;
const CREDS = { appKey: 'c10c'.repeat(8), appSecret: 'clock-offset-secret' };

const lines: string[] = [];
const logger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (m) => void lines.push(m),
  error: (m) => void lines.push(m),
  file: '',
};

let sandbox: SandboxHandle | undefined;
let client: OpenApiClient | undefined;
let feed: TradeEventFeed | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  feed?.close();
  client?.close();
  await sandbox?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  sandbox = client = feed = dataDir = undefined;
});

describe('server clock 10 minutes off', () => {
  it('HTTP calls succeed after one re-sign, and trade events go live on the corrected clock', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-clock-'));
    sandbox = await startSandbox(
      { ...CREDS, dataDir, clock: () => Date.now() + OFFSET_MS },
      { log: () => undefined, pingIntervalMs: 1_000 },
    );
    const environment = testEnvironment(sandbox.apiUrl, { eventsAddress: sandbox.eventsAddress });
    const parts = defaultEngineParts({ logger, flushMs: () => 16 });
    client = parts.createClient({ environment, credentials: CREDS });
    const accounts = (await client.call('accountList', {})).map((a) => a.account_id);
    expect(accounts.length).toBeGreaterThan(0);
    expect(Math.abs(client.clockOffsetMs() - OFFSET_MS)).toBeLessThan(3_000);

    const createFeed = parts.createTradeEventFeed;
    if (!createFeed) throw new Error('no trade event feed');
    feed = createFeed({ environment, credentials: CREDS, accounts, client });
    await vi.waitFor(() => expect(feed?.status()).toBe('live'), { ...WAIT, timeout: 10_000 });
    expect(lines.filter((l) => /AUTH_ERROR/.test(l))).toEqual([]);
  });
});
