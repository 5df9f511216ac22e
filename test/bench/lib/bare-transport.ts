import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { connect as mqttConnect } from 'mqtt';
import { decodeQuoteMessage } from '../../../electron/streaming/quote-state';
import { formatPrice } from '../../../renderer/lib/format';
import { launchBareChromium } from '../../browser/bare-chromium';
import { collectPaints, installPaintObserver, scrollFrames } from '../scenarios/streaming-page';

/**
 * The bare baseline of tick-to-paint and of main's event loop (docs/benchmark.md "streaming"): a
 * plain Node process, forked by the benchmark, doing what main does with a quote and nothing else.
 * It reads the same flood from the same broker with mqtt.js, decodes every message with main's
 * decoder, keeps the newest shown price per symbol, and every 16 ms (main's conflation interval)
 * sends what changed to a bare page in the same Chromium (the stand-in's flags) the way the
 * stand-in carries `webContents.send`: one CDP `Runtime.evaluate` a batch from this process, not
 * waited for. The page is a plain virtualised list of the same rows, whose cells take the text.
 * The benchmark's own paint observer and scroll driver time it as they time the app.
 *
 * Protocol with the parent (IPC): it sends {type: 'ready'} once connected with its page up; on
 * 'start' the window opens (observer installed, event-loop histogram reset); 'stop' answers
 * {type: 'result', …}; 'scroll' scrolls the list top to bottom and answers {type: 'scrolled'};
 * 'exit' ends it. Started with BARE_TRANSPORT = JSON {mqttUrl, appKey, sessionId, rows, scroller:
 * the app's list's size, flushMs}.
 */
interface Config {
  mqttUrl: string;
  appKey: string;
  sessionId: string;
  rows: string[];
  scroller: { width: number; height: number };
  flushMs: number;
}

const config = JSON.parse(process.env.BARE_TRANSPORT ?? '{}') as Config;
const send = (message: object) => process.send?.(message);
// Gone with the benchmark, whatever way it ends (the IPC channel closes).
process.on('disconnect', () => process.exit(0));

async function main() {
  const browser = await launchBareChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 3_000 } });
  await page.setContent('<!doctype html><title>bare list</title><div id="list"></div>');
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  // A plain virtualised list of every row, the app's row height and overscan
  // (renderer/features/watchlist/WatchlistGrid.tsx), in a scroller the app's size: rows on screen
  // and near it are elements, re-made as the scroll moves, each showing the newest price.
  await page.evaluate(
    ({ rows, width, height }) => {
      const ROW = 28;
      const OVERSCAN = 12;
      const list = document.getElementById('list') as HTMLElement;
      list.style.cssText = `overflow:auto;position:relative;width:${width}px;height:${height}px`;
      const body = document.createElement('div');
      body.setAttribute('role', 'rowgroup');
      body.style.cssText = `position:relative;height:${rows.length * ROW}px`;
      list.append(body);
      const latest = new Map<string, string>();
      const mounted = new Map<number, HTMLElement>();
      const cells = new Map<string, Element>();
      const render = () => {
        const from = Math.max(0, Math.floor(list.scrollTop / ROW) - OVERSCAN);
        const to = Math.min(rows.length, Math.ceil((list.scrollTop + height) / ROW) + OVERSCAN);
        for (const [i, row] of mounted)
          if (i < from || i >= to) {
            row.remove();
            mounted.delete(i);
            cells.delete(rows[i] ?? '');
          }
        for (let i = from; i < to; i++) {
          if (mounted.has(i)) continue;
          const symbol = rows[i] ?? '';
          const row = document.createElement('div');
          row.setAttribute('role', 'row');
          row.dataset.symbol = symbol;
          row.style.cssText = `position:absolute;left:0;right:0;top:${i * ROW}px;height:${ROW}px`;
          const name = document.createElement('span');
          name.textContent = symbol;
          const cell = document.createElement('span');
          cell.dataset.testid = `price-${symbol}`;
          cell.textContent = latest.get(symbol) ?? '—';
          row.append(name, ' ', cell);
          body.append(row);
          mounted.set(i, row);
          cells.set(symbol, cell);
        }
      };
      list.addEventListener('scroll', render);
      render();
      (globalThis as unknown as { __bareApply: (pairs: Array<[string, string]>) => void }).__bareApply = (
        pairs,
      ) => {
        for (const [symbol, text] of pairs) {
          latest.set(symbol, text);
          const el = cells.get(symbol);
          if (el && el.textContent !== text) el.textContent = text;
        }
      };
    },
    { rows: config.rows, width: config.scroller.width, height: config.scroller.height },
  );
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
      void collectPaints(page).then((painted) =>
        send({ type: 'result', ...painted, eventLoop, messagesPerSec: perSec }),
      );
    } else if (m.type === 'scroll') {
      void scrollFrames(page).then((scroll) => send({ type: 'scrolled', scroll }));
    } else if (m.type === 'exit') {
      clearInterval(flush);
      void client
        .endAsync(true)
        .then(() => browser.close())
        .finally(() => process.exit(0));
    }
  });
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
