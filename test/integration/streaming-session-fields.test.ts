import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { quoteStateToRecord } from '../../electron/services/quote-state-mapping';
import { type SandboxHandle, startSandbox } from '../../sandbox/index';
import { createQuoteStream, type QuoteStream } from '../../electron/streaming/quote-stream';
import type { QuoteState } from '../../electron/streaming/quote-state';
import type { QuoteRecord } from '../../shared/ipc/streams';

/**
 * Outside regular hours the stream and the snapshot endpoint say the same thing (docs/streaming.md
 * "Field meanings"): `price`/`change` stay the regular session's, the pre-market/after-hours and
 * overnight figures travel in the `ext*`/`ovn*` fields, and every trade time is exchange (market)
 * time. The sandbox's clock is pinned in each session of Wed 18 Nov 2026 (New York, EST).
 */
const SESSIONS = [
  { name: 'pre-market (08:00)', at: Date.parse('2026-11-18T13:00:00Z'), session: 'PRE', ext: 'PRE' },
  { name: 'after-hours (17:00)', at: Date.parse('2026-11-18T22:00:00Z'), session: 'ATH', ext: 'ATH' },
  { name: 'overnight (21:00)', at: Date.parse('2026-11-19T02:00:00Z'), session: 'OVN', ext: 'ATH' },
] as const;

/** How long a condition may take to come true over real sockets (polled every 10 ms). */
const WAIT = { timeout: 5_000, interval: 10 };

describe('streamed quotes outside regular hours keep market time and the snapshot’s meaning', () => {
  let sandbox: SandboxHandle | undefined;
  let client: OpenApiClient | undefined;
  let stream: QuoteStream | undefined;
  afterEach(async () => {
    await stream?.close();
    client?.close();
    await sandbox?.stop();
    stream = undefined;
    client = undefined;
    sandbox = undefined;
  });

  for (const s of SESSIONS) {
    it(`${s.name}: price is the regular session's, ext/ovn fields are the snapshot's, times are exchange times`, async () => {
      const sbx = await startSandbox(
        { clock: () => s.at, quoteUpdatesPerSecond: 25 },
        { log: () => undefined },
      );
      sandbox = sbx;
      const api = createOpenApiClient({
        environment: testEnvironment(sbx.apiUrl, { algorithm: sbx.algorithm }),
        credentials: { appKey: sbx.appKey, appSecret: sbx.appSecret },
        now: () => s.at,
      });
      client = api;
      const qs = createQuoteStream({
        url: sbx.mqttUrl,
        appKey: sbx.appKey,
        overnight: true,
        routeSubscriptions: {
          subscribe: (params) => api.call('streamingSubscribe', params),
          unsubscribe: (params) => api.call('streamingUnsubscribe', params),
        },
        routeDebounceMs: 20,
        flushIntervalMs: 16,
      });
      stream = qs;
      await vi.waitFor(() => expect(qs.status()).toBe('live'), WAIT);
      let latest: QuoteState | undefined;
      qs.subscribe('AAPL', ['SNAPSHOT'], (q) => (latest = q));
      await vi.waitFor(() => expect(latest?.snapshot.price).toBeDefined(), WAIT);
      const u: QuoteRecord = quoteStateToRecord(latest as QuoteState);
      const [snap] = await api.call('snapshot', {
        symbols: ['AAPL'],
        category: 'US_STOCK',
        extend_hour_required: true,
        overnight_required: true,
      });
      if (!snap) throw new Error('no snapshot');

      expect(u.tradingSession).toBe(s.session);
      // Regular-session figures, as the snapshot's (not the extended-hours trade).
      expect(u).toMatchObject({
        price: snap.price,
        change: snap.change,
        changeRatio: snap.change_ratio,
        tradeTime: snap.last_trade_time,
      });
      expect(u).toMatchObject({
        extSession: s.ext,
        extPrice: snap.ext_price,
        extChange: snap.ext_change,
        extChangeRatio: snap.ext_change_ratio,
        extTradeTime: snap.ext_trade_time,
        ovnPrice: snap.ovn_price,
        ovnChange: snap.ovn_change,
        ovnChangeRatio: snap.ovn_change_ratio,
        ovnTradeTime: snap.ovn_trade_time,
      });
      // The session under way has traded since the regular close `price` is.
      const current = s.session === 'OVN' ? u.ovnTradeTime : u.extTradeTime;
      expect(current).toBeGreaterThan(u.tradeTime ?? Infinity);
      // Exchange (market) time, not the receive clock: the pinned market is days before the wall clock.
      expect(current).toBeLessThanOrEqual(s.at);
      expect(s.at - (current ?? 0)).toBeLessThan(60_000);
      expect(Math.abs((u.tradeTime ?? 0) - Date.now())).toBeGreaterThan(86_400_000);
    });
  }
});
