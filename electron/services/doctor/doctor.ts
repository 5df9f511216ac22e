import type { EnvironmentSettings } from '../../../shared/environments';
import type { ApiErrorShape } from '../../../shared/errors';
import type { DoctorReport, DoctorStepResult, ReadNote, StepStatus } from '../../../shared/ipc/doctor';
export type { DoctorReport, DoctorStepResult };
import type { StoredToken, TokenStore } from '../../openapi/access-token';
import { ApiError } from '../../openapi/api-error';
import type { OpenApiClient } from '../../openapi/client';
import { createRedactor, type Redactor } from '../../common/redact';
import type { EngineParts } from '../ports';
import { HTTP_STEPS, type TourContext, type TourStep } from './doctor-steps';
import { explainFailure } from './doctor-hints';

export interface DoctorOptions {
  environment: EnvironmentSettings;
  credentials: { appKey: string; appSecret: string };
  parts: Pick<EngineParts, 'createClient' | 'createQuoteFeed' | 'createTradeEventFeed'>;
  /** The stock the market-data steps and the quote stream use. Default AAPL. */
  symbol?: string;
  /** How long each stream is watched. Default 5 s. */
  streamSeconds?: number;
  /** The access token saved by the app for this environment, if any (so no new approval is asked). */
  tokenStore?: TokenStore;
  /** Told of each step as it ends (the CLI prints a line, the app updates its table). */
  onStep?: (step: DoctorStepResult) => void;
  /** Told when the access token waits for approval on the phone. */
  onTokenPending?: (secondsLeft: number) => void;
  version?: string;
  /** Monotonic ms for latencies; wall-clock ms for the report's time. */
  monotonic?: () => number;
  now?: () => number;
}

/**
 * Runs the read-only tour against one environment and returns the report, already redacted: the
 * app secret and every access token seen during the run are registered with a redactor of its own,
 * and the whole report goes through it, so neither can appear in the file a user attaches.
 */
export async function runDoctor(opts: DoctorOptions): Promise<DoctorReport> {
  const monotonic = opts.monotonic ?? (() => performance.now());
  const now = opts.now ?? Date.now;
  const redactor = createRedactor();
  redactor.addSecret(opts.credentials.appSecret);
  const tokenStore = watchedTokenStore(opts.tokenStore, redactor);
  let current: ReadNote[] = [];
  const client = opts.parts.createClient({
    environment: opts.environment,
    credentials: opts.credentials,
    tokenStore,
    // Each operation on its own path: batching would hide whether the single-symbol path answers.
    barsBatchWindowMs: false,
    // Each repaired form or skipped row is listed under the step whose call it came in.
    onReaderEvent: (e) => current.push(e),
    onTokenProgress: (p) => {
      if (p.token) redactor.addSecret(p.token);
      if (p.status === 'PENDING') opts.onTokenPending?.(p.secondsLeft);
    },
  });
  const ctx: TourContext = { client, symbol: opts.symbol ?? 'AAPL' };
  const steps: DoctorStepResult[] = [];
  const record = (step: DoctorStepResult) => {
    const clean = redactor.redactValue(step);
    steps.push(clean);
    opts.onStep?.(clean);
  };

  async function timed(step: Omit<TourStep, 'run'>, run: () => Promise<string>): Promise<void> {
    const skip = step.needs?.(ctx);
    const base = { id: step.id, label: step.label, operation: step.operation };
    if (skip) {
      record({ ...base, status: 'skipped', detail: skip, notes: [] });
      return;
    }
    current = [];
    const t0 = monotonic();
    try {
      const detail = await run();
      record({ ...base, status: 'ok', latencyMs: Math.round(monotonic() - t0), detail, notes: current });
    } catch (e) {
      const error = toShape(e);
      record({
        ...base,
        status: 'failed',
        latencyMs: Math.round(monotonic() - t0),
        error,
        hint: explainFailure(error, opts.environment),
        notes: current,
      });
    }
  }

  const startedAt = new Date(now()).toISOString();
  try {
    for (const step of HTTP_STEPS) {
      // Without the handshake nothing else can be signed usefully; say so once, not fourteen times.
      if (step.id !== 'handshake' && steps[0]?.status === 'failed') {
        record({
          id: step.id,
          label: step.label,
          operation: step.operation,
          status: 'skipped',
          detail: 'the handshake failed',
          notes: [],
        });
        continue;
      }
      await timed(step, () => step.run(ctx));
    }
    const handshakeOk = steps[0]?.status === 'ok';
    await timed(
      {
        id: 'quote-stream',
        label: 'Quote stream (MQTT)',
        needs: () => (handshakeOk ? undefined : 'the handshake failed'),
      },
      () => watchQuotes(opts, client, ctx.symbol, opts.streamSeconds ?? 5),
    );
    await timed(
      {
        id: 'event-stream',
        label: 'Trade event stream (gRPC)',
        needs: () => (handshakeOk ? needAccountFor(ctx) : 'the handshake failed'),
      },
      () => watchEvents(opts, client, ctx.accountId ?? '', opts.streamSeconds ?? 5),
    );
  } finally {
    client.close();
  }
  const summary: Record<StepStatus, number> = { ok: 0, failed: 0, skipped: 0 };
  for (const s of steps) summary[s.status] += 1;
  return redactor.redactValue({
    tool: 'bullpen doctor',
    version: opts.version ?? 'unknown',
    startedAt,
    environment: {
      id: opts.environment.id,
      name: opts.environment.name,
      apiBaseUrl: opts.environment.apiBaseUrl,
      quotesUrl: opts.environment.quotesUrl,
      eventsAddress: opts.environment.eventsAddress,
      algorithm: opts.environment.algorithm,
      xVersion: opts.environment.xVersion,
    },
    symbol: ctx.symbol,
    steps,
    summary,
  });
}

const needAccountFor = (ctx: TourContext) => (ctx.accountId ? undefined : 'no account was listed');

function toShape(e: unknown): ApiErrorShape {
  if (e instanceof ApiError) return e.toShape();
  return { code: 'INTERNAL_ERROR', message: e instanceof Error ? e.message : String(e), retryable: false };
}

/** The app's saved token when there is one; every token loaded or saved is registered for redaction. */
function watchedTokenStore(inner: TokenStore | undefined, redactor: Redactor): TokenStore {
  let held: StoredToken | null = null;
  return {
    async load() {
      const t = inner ? await inner.load() : held;
      if (t) redactor.addSecret(t.token);
      return t;
    },
    async save(token) {
      if (token) redactor.addSecret(token.token);
      held = token;
      await inner?.save(token);
    },
  };
}

/** Subscribes one symbol for a few seconds: ok once a message arrives, failed if none did. */
function watchQuotes(
  opts: DoctorOptions,
  client: OpenApiClient,
  symbol: string,
  seconds: number,
): Promise<string> {
  const feed = opts.parts.createQuoteFeed?.({
    environment: opts.environment,
    credentials: opts.credentials,
    client,
  });
  if (!feed) return Promise.resolve('no quote stream in this build');
  return new Promise<string>((resolve, reject) => {
    let messages = 0;
    const unsubscribe = feed.subscribe(symbol, ['SNAPSHOT', 'QUOTE'], () => (messages += 1), 'US_STOCK');
    setTimeout(() => {
      const state = feed.status();
      unsubscribe();
      void Promise.resolve(feed.close()).finally(() => {
        if (messages > 0) resolve(`${messages} messages for ${symbol} in ${seconds} s (link ${state})`);
        else
          reject(
            new ApiError({
              code: 'NO_QUOTES',
              message: `No quote for ${symbol} arrived in ${seconds} s (link ${state}).`,
              retryable: true,
            }),
          );
      });
    }, seconds * 1000);
  });
}

/** Opens the event stream for a few seconds: ok once it is live. */
function watchEvents(
  opts: DoctorOptions,
  client: OpenApiClient,
  accountId: string,
  seconds: number,
): Promise<string> {
  const feed = opts.parts.createTradeEventFeed?.({
    environment: opts.environment,
    credentials: opts.credentials,
    accounts: [accountId],
    client,
  });
  if (!feed) return Promise.resolve('no event stream in this build');
  return new Promise<string>((resolve, reject) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      off();
      const state = feed.status();
      feed.close();
      if (ok) resolve('subscribed (link live)');
      else
        reject(
          new ApiError({
            code: 'EVENTS_NOT_LIVE',
            message: `The trade event stream was not live within ${seconds} s (link ${state}).`,
            retryable: true,
          }),
        );
    };
    const off = feed.onStatus((s) => {
      if (s === 'live') done(true);
    });
    const timer = setTimeout(() => done(false), seconds * 1000);
    if (feed.status() === 'live') done(true);
  });
}
