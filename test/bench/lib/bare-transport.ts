import { randomBytes } from 'node:crypto';
import { getPriority } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { connect as mqttConnect } from 'mqtt';
import {
  decodeQuoteMessage,
  mergeSnapshot,
  type SnapshotFields,
} from '../../../electron/streaming/quote-state';
import { quoteFromSnapshot } from '../../../shared/ipc/snapshot-quote';
import type { LiveQuote } from '../../../renderer/features/quotes';
import { cellText, COLUMNS, type ColumnId } from '../../../renderer/features/watchlist/columns';
import { launchBareChromium } from '../../browser/bare-chromium';
import { COMPOSITOR_CATEGORIES, startTrace } from './trace';
import { adoptBrowserPriority } from '../../../electron/standin/priority';
import {
  collectPaints,
  installPaintObserver,
  scrollFrames,
  type RowLayout,
} from '../scenarios/streaming-page';

/**
 * The bare baseline of tick-to-paint and of main's event loop (docs/benchmark.md "streaming"): a
 * plain Node process, forked by the benchmark, doing what main does with a quote and nothing else.
 * It reads the same flood from the same broker with mqtt.js, decodes every message with main's
 * decoder, keeps the newest shown price per symbol, and every 16 ms (main's conflation interval)
 * sends what changed to a bare page in the same Chromium (the stand-in's flags) the way the
 * stand-in carries `webContents.send`: one CDP `Runtime.evaluate` a batch from this process, not
 * waited for. The page is a plain virtualised list of the same rows, each drawing the cells the
 * app's row draws in view (the same columns, tracks, font and text: `rowLayout` in
 * scenarios/streaming-page.ts), whose cells take the text.
 * The benchmark's own paint observer and scroll driver time it as they time the app.
 *
 * Protocol with the parent (IPC): it sends {type: 'ready', nice} once connected with its page up; on
 * 'start' the window opens (observer installed, event-loop histogram reset); 'stop' answers
 * {type: 'result', …}; 'scroll' scrolls the list top to bottom and answers {type: 'scrolled'};
 * 'exit' ends it. Started with BARE_TRANSPORT = JSON {mqttUrl, appKey, sessionId, rows, scroller:
 * the app's list's size, layout: the app's row, flushMs}.
 */
interface Config {
  mqttUrl: string;
  appKey: string;
  sessionId: string;
  rows: Array<{ symbol: string; name: string }>;
  scroller: { width: number; height: number };
  layout: RowLayout;
  flushMs: number;
}

const config = JSON.parse(process.env.BARE_TRANSPORT ?? '{}') as Config;
/** The app's data columns in its row's order, by their headers' labels (columns.ts). */
const ID_OF_LABEL = new Map<string, ColumnId>(Object.values(COLUMNS).map((c) => [c.label, c.id]));
const columnIds = config.layout.labels.map((label) => ID_OF_LABEL.get(label));

const send = (message: object) => process.send?.(message);
// Gone with the benchmark, whatever way it ends (the IPC channel closes).
process.on('disconnect', () => process.exit(0));

async function main() {
  const browser = await launchBareChromium();
  // At main's priority: the stand-in's main takes its browser main thread's (priority.ts, as Electron
  // runs main on that thread), and this process does main's part, so it takes its own browser's
  // the same way. Left at the benchmark's nice 10, below its page's renderer (nice 0), it gave the
  // bare page a CPU that the app's page, below its main, does not get (docs/benchmark.md).
  adoptBrowserPriority();
  const page = await browser.newPage({ viewport: { width: 1440, height: 3_000 } });
  await page.setContent('<!doctype html><title>bare list</title><div id="list"></div>');
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  // A plain virtualised list of every row, the app's row height and overscan
  // (renderer/features/watchlist/GridRows.tsx), in a scroller the app's size: rows on screen and
  // near it are elements, re-made as the scroll moves. A row draws the app's row's tracks that
  // start inside the scroller (the move handle's glyph, the columns' text, the remove button's
  // glyph), in the app's font, each cell showing the newest text. `__bareBuild(true)` builds it
  // again as the minimal list (the symbol and the price, two texts a row): a diagnostic only.
  await page.evaluate(
    ({ rows, width, height, layout, numeric }) => {
      const ROW = 28;
      const OVERSCAN = 12;
      const starts = layout.tracks.map((_, i) => layout.tracks.slice(0, i).reduce((a, b) => a + b, 0));
      const drawn = layout.tracks.flatMap((_, i) => ((starts[i] ?? 0) < width ? [i] : []));
      const template = drawn.map((i) => `${layout.tracks[i]}px`).join(' ');
      const last = layout.tracks.length - 1;
      const priceColumn = layout.labels.indexOf('Last');
      const list = document.getElementById('list') as HTMLElement;
      list.style.cssText = `overflow:auto;position:relative;width:${width}px;height:${height}px`;
      const latest = new Map<string, string[]>();
      // A mounted row's data cells, by data column.
      const cells = new Map<string, Map<number, HTMLElement>>();
      let onScroll: (() => void) | undefined;
      const build = (minimal: boolean) => {
        if (onScroll) list.removeEventListener('scroll', onScroll);
        list.scrollTop = 0;
        cells.clear();
        const body = document.createElement('div');
        body.setAttribute('role', 'rowgroup');
        body.style.cssText = `position:relative;height:${rows.length * ROW}px`;
        list.replaceChildren(body);
        const mounted = new Map<number, HTMLElement>();
        const cell = (c: number, symbol: string, text: string) => {
          const el = document.createElement(minimal ? 'span' : 'div');
          if (!minimal)
            el.style.cssText = `padding:0 6px${numeric[c] ? ';text-align:right' : ''}${layout.labels[c] === 'Name' ? ';overflow:hidden;text-overflow:ellipsis' : ''}`;
          el.textContent = text;
          if (c === priceColumn) el.dataset.testid = `price-${symbol}`;
          return el;
        };
        const render = () => {
          const from = Math.max(0, Math.floor(list.scrollTop / ROW) - OVERSCAN);
          const to = Math.min(rows.length, Math.ceil((list.scrollTop + height) / ROW) + OVERSCAN);
          for (const [i, row] of mounted)
            if (i < from || i >= to) {
              row.remove();
              mounted.delete(i);
              cells.delete(rows[i]?.symbol ?? '');
            }
          for (let i = from; i < to; i++) {
            if (mounted.has(i)) continue;
            const { symbol } = rows[i] ?? { symbol: '' };
            const texts = latest.get(symbol) ?? [];
            const row = document.createElement('div');
            row.setAttribute('role', 'row');
            row.dataset.symbol = symbol;
            row.style.cssText = `position:absolute;left:0;right:0;top:${i * ROW}px;height:${ROW}px`;
            const byColumn = new Map<number, HTMLElement>();
            if (minimal) {
              const price = cell(priceColumn, symbol, texts[priceColumn] ?? '—');
              byColumn.set(priceColumn, price);
              row.append(symbol, ' ', price);
            } else {
              row.style.cssText += `;display:grid;grid-template-columns:${template};align-items:center;font:${layout.font};font-variant-numeric:tabular-nums;white-space:nowrap`;
              for (const track of drawn) {
                const c = track - 1;
                const glyph = track === 0 ? '⠿' : track === last ? '×' : undefined;
                const el = cell(c, symbol, glyph ?? texts[c] ?? '');
                if (glyph === undefined) byColumn.set(c, el);
                row.append(el);
              }
            }
            body.append(row);
            mounted.set(i, row);
            cells.set(symbol, byColumn);
          }
        };
        onScroll = render;
        list.addEventListener('scroll', render);
        render();
      };
      const g = globalThis as unknown as {
        __bareBuild: (minimal: boolean) => void;
        __bareApply: (rows: Array<[string, string[]]>) => void;
      };
      g.__bareBuild = build;
      g.__bareApply = (changed) => {
        for (const [symbol, texts] of changed) {
          latest.set(symbol, texts);
          const row = cells.get(symbol);
          if (!row) continue;
          for (const [c, el] of row) {
            const text = texts[c] ?? '';
            if (el.textContent !== text) el.textContent = text;
          }
        }
      };
      build(false);
    },
    {
      rows: config.rows,
      width: config.scroller.width,
      height: config.scroller.height,
      layout: config.layout,
      numeric: columnIds.map((id) => (id ? COLUMNS[id].numeric : false)),
    },
  );
  const cdp = await page.context().newCDPSession(page);

  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let messages = 0;
  // Each symbol's snapshot fields merged as main merges them (quote-state.ts `mergeSnapshot`), its
  // best bid and ask, and the symbols changed since the last batch; a batch's texts come from the
  // app's own mapping and formatting at flush time, as main maps (shared/ipc/snapshot-quote.ts) and
  // the renderer formats (columns.ts `cellText`).
  const snapshots = new Map<string, SnapshotFields>();
  const books = new Map<string, { bid?: string; ask?: string }>();
  const changed = new Set<string>();
  const names = new Map(config.rows.map((r) => [r.symbol, r.name]));
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
    if (!update || update.kind === 'TICK') return;
    if (update.kind === 'SNAPSHOT') {
      snapshots.set(update.symbol, mergeSnapshot(snapshots.get(update.symbol) ?? {}, update.snapshot));
    } else {
      const book = books.get(update.symbol) ?? {};
      book.bid = update.quote.bids[0]?.price ?? book.bid;
      book.ask = update.quote.asks[0]?.price ?? book.ask;
      books.set(update.symbol, book);
    }
    changed.add(update.symbol);
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  // The last texts sent for each symbol: a batch carries a row only when its text changed, as
  // main sends only what changed.
  const sentTexts = new Map<string, string>();
  const flush = setInterval(() => {
    const batch: Array<[string, string[]]> = [];
    for (const symbol of changed) {
      const q = {
        ...quoteFromSnapshot(symbol, 0, snapshots.get(symbol) ?? {}),
        ...books.get(symbol),
        moves: 0,
      } satisfies LiveQuote;
      const row = { symbol, name: names.get(symbol) ?? '' };
      const texts = columnIds.map((id) => (id ? cellText(id, row, q) : ''));
      const key = texts.join('\u0000');
      if (sentTexts.get(symbol) === key) continue;
      sentTexts.set(symbol, key);
      batch.push([symbol, texts]);
    }
    changed.clear();
    if (batch.length === 0) return;
    const json = JSON.stringify(batch);
    // As the stand-in sends: the batch parsed in the page, the answer not waited for.
    cdp
      .send('Runtime.evaluate', { expression: `__bareApply(JSON.parse(${JSON.stringify(json)}))` })
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
      void (async () => {
        const cellsARow = await page.evaluate(
          () => document.querySelector('[role="row"]')?.children.length ?? 0,
        );
        // BENCH_BARE_TRACE=file.json: the bare page's trace of its scroll, the compositor's side too.
        const traceFile = process.env.BENCH_BARE_TRACE;
        const trace = traceFile ? await startTrace(cdp, COMPOSITOR_CATEGORIES, traceFile) : undefined;
        const scroll = await scrollFrames(page);
        await trace?.stop();
        // Then the minimal list, scrolled the same way: a diagnostic beside the baseline.
        await page.evaluate(() =>
          (globalThis as unknown as { __bareBuild: (m: boolean) => void }).__bareBuild(true),
        );
        const minimal = await scrollFrames(page);
        send({ type: 'scrolled', scroll, cellsARow, minimal });
      })();
    } else if (m.type === 'exit') {
      clearInterval(flush);
      void client
        .endAsync(true)
        .then(() => browser.close())
        .finally(() => process.exit(0));
    }
  });
  send({ type: 'ready', nice: getPriority() });
}

main().catch((error: unknown) => {
  send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
