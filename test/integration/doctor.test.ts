import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentSettings } from '../../shared/environments';
import { ApiError } from '../../electron/openapi/api-error';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import { json, startLoopback } from '../../electron/openapi/testing/loopback-server';
import { runCli, streamHostsFor } from '../../electron/cli';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { defaultEngineParts } from '../../electron/services/default-engine-parts';
import { runDoctor, type DoctorOptions } from '../../electron/services/doctor/doctor';
import { parseDoctorArgs } from '../../electron/services/doctor/doctor-cli';
import { saveDoctorReport } from '../../electron/services/doctor/doctor-report';
import { sandboxEnvironment } from '../../electron/services/environment-store';
import type { Logger } from '../../electron/services/logger';

/**
 * `bullpen doctor` (docs/doctor.md) against the real sandbox over loopback: every step of the tour
 * runs and passes, the access token's approval is waited for, and the saved report never carries
 * the app secret or the token; against a wrong secret and a gateway that routes nothing, the
 * failure is named with what to do, and nothing after the handshake is attempted.
 */
const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, file: '' };
const realParts = () => defaultEngineParts({ logger: silent, flushMs: () => 50 });

let sandbox: SandboxHandle;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bullpen-doctor-'));
  sandbox = await startSandbox(
    // The access token is asked for and approved within the run, as the real two-factor flow is.
    { tokenCheckEnabled: true, tokenApprovalDelayMs: 30, dataDir: join(dir, 'sandbox') },
    { log: () => undefined },
  );
});

afterAll(async () => {
  await sandbox.stop();
  await rm(dir, { recursive: true, force: true });
});

const env = (): EnvironmentSettings => sandboxEnvironment(sandbox);

/** Real parts, with the client's token poll shortened so the approval does not take 5 s. */
function partsWith(
  wrap?: (c: OpenApiClient) => OpenApiClient,
): DoctorOptions['parts'] & { tokens: string[] } {
  const parts = realParts();
  const tokens: string[] = [];
  return {
    ...parts,
    tokens,
    createClient: (o) => {
      const client = createOpenApiClient({
        ...o,
        token: { pollIntervalMs: 20 },
        onTokenProgress: (p) => {
          if (p.token) tokens.push(p.token);
          o.onTokenProgress?.(p);
        },
      });
      return wrap ? wrap(client) : client;
    },
  };
}

describe('bullpen doctor against the sandbox', () => {
  it('runs every step of the tour, each ok, with its latency', async () => {
    const parts = partsWith();
    const seen: string[] = [];
    const report = await runDoctor({
      environment: env(),
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
      parts,
      streamSeconds: 1,
      onStep: (s) => seen.push(s.id),
    });
    expect(report.steps.map((s) => [s.id, s.status, s.error?.message])).toEqual(
      report.steps.map((s) => [s.id, 'ok', undefined]),
    );
    expect(seen).toEqual([
      'handshake',
      'accounts',
      'balance',
      'positions',
      'snapshot',
      'bars',
      'batch-bars',
      'depth',
      'screener',
      'fundamentals',
      'watchlists',
      'option-contracts',
      'option-snapshot',
      'open-orders',
      'quote-stream',
      'event-stream',
    ]);
    for (const s of report.steps) expect(s.latencyMs).toBeGreaterThanOrEqual(0);
    // The sandbox answers in the real service's forms: bar times come as ISO 8601 text, which the
    // readers repair and the report lists under the step that met them.
    expect(report.steps.find((s) => s.id === 'bars')?.notes).toContainEqual(
      expect.objectContaining({ operation: 'bars', kind: 'repaired', reader: 'time', count: 5 }),
    );
    expect(report.summary).toEqual({ ok: 16, failed: 0, skipped: 0 });
    // The token flow ran: a token was issued and approved during the tour.
    expect(parts.tokens.length).toBeGreaterThan(0);
  });

  it('never writes the app secret or the access token into the saved report, even when a reply echoes them', async () => {
    let token = '';
    const parts = partsWith((client) => ({
      ...client,
      call: ((op: string, params: unknown, o?: unknown) => {
        if (op === 'companyProfile') {
          token = parts.tokens.at(-1) ?? '';
          // A server that echoes what it got into its error text (it happens with proxies and gateways).
          return Promise.reject(
            new ApiError({
              code: 'OPENAPI_PARAM_ERR',
              status: 417,
              message: `invalid symbol, value: [${token}] key ${sandbox.appSecret}`,
              retryable: false,
            }),
          );
        }
        return (client.call as (a: string, b: unknown, c?: unknown) => Promise<unknown>)(op, params, o);
      }) as OpenApiClient['call'],
    }));
    const report = await runDoctor({
      environment: env(),
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
      parts,
      streamSeconds: 1,
    });
    const out = join(dir, 'reports');
    const file = await saveDoctorReport(report, out);
    const text = await readFile(file, 'utf8');
    expect(token.length).toBeGreaterThan(8);
    expect(text).toContain('OPENAPI_PARAM_ERR');
    expect(text).toContain('[REDACTED]');
    expect(text).not.toContain(token);
    expect(text).not.toContain(sandbox.appSecret);
    expect(report.steps.find((s) => s.id === 'fundamentals')?.status).toBe('failed');
    // One failed step takes nothing else down.
    expect(report.summary).toEqual({ ok: 15, failed: 1, skipped: 0 });
  });

  it('names a wrong secret at the handshake, says what to check, and skips the rest', async () => {
    const report = await runDoctor({
      environment: env(),
      credentials: { appKey: sandbox.appKey, appSecret: 'not-the-secret' },
      parts: partsWith(),
      streamSeconds: 1,
    });
    const [handshake, ...rest] = report.steps;
    expect(handshake?.status).toBe('failed');
    expect(handshake?.error?.code).toBe('INVALID_SIGNATURE');
    expect(handshake?.hint).toMatch(/app secret/);
    expect(rest.every((s) => s.status === 'skipped')).toBe(true);
    expect(report.summary.failed).toBe(1);
  });
});

describe('bullpen doctor against a gateway that routes nothing', () => {
  it('explains a 404 Route Not Found as a wrong environment, path scheme or key', async () => {
    const gateway = await startLoopback((_req, res) => json(res, 404, { error_msg: 'Route Not Found' }));
    try {
      const report = await runDoctor({
        environment: { ...env(), id: 'gw', name: 'Gateway', apiBaseUrl: gateway.url },
        credentials: { appKey: 'k', appSecret: 'secret-value' },
        parts: partsWith(),
        streamSeconds: 1,
      });
      const [handshake] = report.steps;
      expect(handshake?.status).toBe('failed');
      expect(handshake?.error?.status).toBe(404);
      expect(handshake?.error?.message).toMatch(/has no route for .*test key gets 404/);
      // The hint adds the host the message does not name, and does not say the same thing again.
      expect(handshake?.hint).toContain(`127.0.0.1:${gateway.port}`);
      expect(handshake?.hint).not.toMatch(/no route/);
      expect(report.summary).toEqual({ ok: 0, failed: 1, skipped: 15 });
    } finally {
      await gateway.close();
    }
  });
});

describe('the doctor command line', () => {
  it('runs on the embedded sandbox, prints a line a step and saves the report', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const reports = join(dir, 'cli');
    const code = await runCli(['doctor', '--seconds', '1', '--out', reports], {
      readStdin: () => Promise.resolve(''),
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: {},
    });
    expect(code).toBe(0);
    expect(out.filter((l) => l.startsWith('ok ')).length).toBe(16);
    expect(out.at(-1)).toMatch(/16 ok, 0 failed, 0 skipped$/);
    const files = await readdir(reports);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^bullpen-doctor-sandbox-\d{8}T\d{6}Z\.json$/);
    expect(err.join('\n')).toContain(join(reports, files[0] ?? ''));
  });

  it("takes a preset's quotes and events hosts for its API URL, the US test environment's included", () => {
    expect(streamHostsFor('https://api.webull.com')).toEqual({
      quotesUrl: 'mqtts://data-api.webull.com:1883',
      eventsAddress: 'events-api.webull.com:443',
    });
    expect(streamHostsFor('https://us-openapi-alb.uat.webullbroker.com')).toEqual({
      quotesUrl: 'mqtts://us-openapi-quotes-api.uat.webullbroker.com:1883',
      eventsAddress: 'us-openapi-events.uat.webullbroker.com:443',
    });
    expect(streamHostsFor('https://broker.example:8443')).toEqual({
      quotesUrl: 'mqtts://broker.example:1883',
      eventsAddress: 'broker.example:443',
    });
  });

  it('refuses bad arguments with a usage error', async () => {
    expect(() => parseDoctorArgs(['--seconds', '0'], '/x')).toThrow(/--seconds must be 1 to 60/);
    expect(() => parseDoctorArgs(['--symbol', 'not a symbol'], '/x')).toThrow(/not a stock symbol/);
    expect(() => parseDoctorArgs(['--out'], '/x')).toThrow(/--out needs a value/);
    expect(() => parseDoctorArgs(['--frobnicate'], '/x')).toThrow(/unknown argument/);
    expect(parseDoctorArgs(['--symbol', 'msft', '--json'], '/x')).toEqual({
      outDir: '/x',
      symbol: 'MSFT',
      json: true,
    });
    const err: string[] = [];
    const code = await runCli(['doctor', '--seconds', 'x'], {
      readStdin: () => Promise.resolve(''),
      out: () => undefined,
      err: (l) => err.push(l),
      env: {},
    });
    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(/--seconds must be 1 to 60/);
  });
});

describe('Settings → Check connection through the app engine', () => {
  it('runs the tour on the active Sandbox with its session credentials and saves the report under userData', async () => {
    const { createAppEngine } = await import('../../electron/services/app-engine');
    const { createTestCipher } = await import('../../electron/standin/test-cipher');
    const userDataDir = join(dir, 'user-data');
    let embedded: SandboxHandle | undefined;
    const engine = createAppEngine({
      userDataDir,
      cipher: createTestCipher({ available: true }),
      version: '9.9.9-test',
      parts: (deps) => ({
        ...defaultEngineParts(deps),
        async startSandbox(options) {
          embedded = await startSandbox({ ...options, replayWhenClosed: false }, { log: () => undefined });
          return embedded;
        },
      }),
      send: () => undefined,
      openPanel: () => ({ windowId: 1 }),
      openExternal: () => Promise.resolve(),
      // Nothing in the tour asks; any question would be answered No.
      ask: (q) => Promise.resolve(q.cancelId),
    });
    try {
      const reply = await engine.dispatcher.dispatch('connection.check', {}, { senderId: 1 });
      if (!reply.ok) throw new Error(reply.error.message);
      const { report, file } = reply.value as { report: { summary: unknown; version: string }; file: string };
      expect(report.version).toBe('9.9.9-test');
      expect(report.summary).toEqual({ ok: 16, failed: 0, skipped: 0 });
      expect(file.startsWith(join(userDataDir, 'reports'))).toBe(true);
      const text = await readFile(file, 'utf8');
      expect(text).not.toContain(embedded?.appSecret ?? 'missing');
      // An environment that does not exist is refused with a clear message, not a crash.
      const missing = await engine.dispatcher.dispatch(
        'connection.check',
        { environmentId: 'nope' },
        { senderId: 1 },
      );
      expect(missing).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    } finally {
      await engine.close();
    }
  });
});
