import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { connect as mqttConnect } from 'mqtt';
import { decodeQuoteMessage } from '../../../electron/streaming/quote-state';
import { formatPrice } from '../../../renderer/lib/format';
import { launchBareChromium } from '../../browser/bare-chromium';
import { collectPaints, installPaintObserver } from '../scenarios/streaming-page';

/**
 * The bare baseline of tick-to-paint and of main's event loop (docs/benchmark.md "streaming"): a
 * plain Node process, forked by the benchmark, doing what main does with a quote and nothing else.
 * It reads the same flood from the same broker with mqtt.js, decodes every message with main's
 * decoder, keeps the newest shown price per symbol, and every 16 ms (main's conflation interval)
 * sends what changed to a bare page in the same Chromium (the stand-in's flags) the way the
 * stand-in carries `webContents.send`: one CDP `Runtime.evaluate` a batch from this process, not
 * waited for. The page is a plain table of the rows the app's window shows, whose cells take
 * the text. The benchmark's own paint observer times it as it times the app.
 *
 * Protocol with the parent (IPC): it sends {type: 'ready'} once connected with its page up; on
 * 'start' the window opens (observer installed, event-loop histogram reset); on 'stop' it answers
 * {type: 'result', …} and exits. Started with BARE_TRANSPORT = JSON {mqttUrl, appKey, sessionId,
 * rows: symbols shown, flushMs}.
 */
interface Config {
  mqttUrl: string;
  appKey: string;
  sessionId: string;
  rows: string[];
  flushMs: number;
}

const config = JSON.parse(process.env.BARE_TRANSPORT ?? '{}') as Config;
const send = (message: object) => process.send?.(message);
// Gone with the benchmark, whatever way it ends (the IPC channel closes).
process.on('disconnect', () => process.exit(0));

async function main() {
  const browser = await launchBareChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 3_000 } });
  const cells = config.rows.map((s) => `<tr><th>${s}</th><td data-testid="price-${s}">–</td></tr>`).join('');
  await page.setContent(`<!doctype html><title>bare table</title><table>${cells}</table>`);
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  await page.evaluate(() => {
    const byId = new Map<string, Element>();
    for (const el of document.querySelectorAll('[data-testid^="price-"]'))
      byId.set(el.getAttribute('data-testid')?.slice(6) ?? '', el);
    (globalThis as unknown as { __bareApply: (pairs: Array<[string, string]>) => void }).__bareApply = (
      pairs,
    ) => {
      for (const [symbol, text] of pairs) {
        const el = byId.get(symbol);
        if (el && el.textContent !== text) el.textContent = text;
      }
    };
  });
  const cdp = await page.context().newCDPSession(page);

  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let messages = 0;
  const pending = new Map<string, string>();
  const client = mqttConnect(config.mqttUrl, {
    clientId: config.sessionId,
    username: config.appKey,
    password: randomBytes(16).toString('hex'),
    reconnectPeriod: 0,
    protocolVersion: 4,
    clean: true,
  });
  client.on('message', (topic, payload) => {
    messages++;
    const update = decodeQuoteMessage(topic, payload, Date.now());
    if (update?.kind !== 'SNAPSHOT') return;
    const price = update.snapshot.price;
    if (price) pending.set(update.symbol, formatPrice(price));
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  const flush = setInterval(() => {
    if (pending.size === 0) return;
    const pairs = JSON.stringify([...pending]);
    pending.clear();
    // As the stand-in sends: the batch parsed in the page, the answer not waited for.
    cdp
      .send('Runtime.evaluate', { expression: `__bareApply(JSON.parse(${JSON.stringify(pairs)}))` })
      .catch(() => undefined);
  }, config.flushMs);

  let startedAt = 0;
  let messagesAtStart = 0;
  process.on('message', (m: { type: string }) => {
    if (m.type === 'start') {
      void installPaintObserver(page).then(() => {
        delay.reset();
        startedAt = performance.now();
        messagesAtStart = messages;
        send({ type: 'started' });
      });
    } else if (m.type === 'paints') {
      void page
        .evaluate(
          () =>
            (window as unknown as { __bench: { paints: Array<[string, string, number, number]> } }).__bench
              .paints,
        )
        .then((paints) => send({ type: 'paints', paints }));
    } else if (m.type === 'stop') {
      const eventLoop = { maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 };
      const seconds = (performance.now() - startedAt) / 1000;
      const perSec = (messages - messagesAtStart) / seconds;
      void collectPaints(page)
        .then(async (painted) => {
          send({ type: 'result', ...painted, eventLoop, messagesPerSec: perSec });
          clearInterval(flush);
          await client.endAsync(true);
          await browser.close();
        })
        .finally(() => process.exit(0));
    }
  });
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
