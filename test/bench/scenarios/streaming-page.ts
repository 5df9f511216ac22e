import type { Page } from 'playwright-core';

/**
 * What the benchmark runs inside the app's page (plain functions passed to page.evaluate).
 * Paints: a MutationObserver sees a watchlist price cell's text change; the next animation frame's
 * timestamp (performance.timeOrigin + rAF time: the wall clock the publisher also reads) is
 * when that frame, the one that shows it, began. A cell re-rendered with the same text is no paint.
 * A cell that mounts (its row scrolled or sorted into the grid's rendered range) shows the store's
 * current value, which may have been published long before: it is counted as a mount, not timed,
 * and its text is the one its next change is compared with.
 */
export async function installPaintObserver(page: Page): Promise<void> {
  await page.evaluate(() => {
    const bench: PageBench = {
      paints: [],
      mounts: 0,
      longTasks: 0,
      longTaskMs: [],
      longFrames: [],
      stop: () => undefined,
    };
    const lastText = new Map<string, string>();
    let pending: Array<[string, string, number]> = [];
    let frameAsked = false;
    const note = (el: Element, mounted: boolean) => {
      const id = el.getAttribute('data-testid');
      if (!id?.startsWith('price-')) return;
      const symbol = id.slice('price-'.length);
      const text = el.textContent ?? '';
      if (mounted) {
        bench.mounts++;
        lastText.set(symbol, text);
        return;
      }
      if (lastText.get(symbol) === text) return;
      lastText.set(symbol, text);
      // When the DOM changed (React's commit), beside the frame that shows it.
      pending.push([symbol, text, performance.timeOrigin + performance.now()]);
      if (frameAsked) return;
      frameAsked = true;
      requestAnimationFrame((ts) => {
        const at = performance.timeOrigin + ts;
        for (const [s, t, committed] of pending) bench.paints.push([s, t, at, committed]);
        pending = [];
        frameAsked = false;
      });
    };
    const mutations = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') {
          const el = r.target.parentElement?.closest('[data-testid^="price-"]');
          if (el) note(el, false);
          continue;
        }
        // A text node replaced inside a mounted cell is a change of its text; a cell added is a mount.
        const cell = r.target instanceof Element ? r.target.closest('[data-testid^="price-"]') : null;
        if (cell) {
          note(cell, false);
          continue;
        }
        for (const node of r.addedNodes) {
          if (!(node instanceof Element)) continue;
          note(node, true);
          for (const el of node.querySelectorAll('[data-testid^="price-"]')) note(el, true);
        }
      }
    });
    // Cells already on screen start the "last text" record (their values predate the window).
    for (const el of document.querySelectorAll('[data-testid^="price-"]'))
      lastText.set(el.getAttribute('data-testid')?.slice(6) ?? '', el.textContent ?? '');
    mutations.observe(document.body, { subtree: true, childList: true, characterData: true });
    const longTasks = new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.duration > 50) {
          bench.longTasks++;
          bench.longTaskMs.push(Math.round(e.duration));
        }
    });
    longTasks.observe({ type: 'longtask' });
    // What a long task was: Chromium's long-animation-frame entries (over 50 ms) name the scripts
    // that ran in the frame and the time its rendering took, without a trace's own cost.
    type ScriptTiming = {
      invoker: string;
      sourceFunctionName: string;
      sourceURL: string;
      duration: number;
      forcedStyleAndLayoutDuration: number;
    };
    type FrameTiming = PerformanceEntry & {
      blockingDuration: number;
      renderStart: number;
      styleAndLayoutStart: number;
      scripts: ScriptTiming[];
    };
    const longFrames = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')
      ? new PerformanceObserver((list) => {
          for (const e of list.getEntries() as FrameTiming[]) {
            const end = e.startTime + e.duration;
            bench.longFrames.push({
              ms: Math.round(e.duration),
              blockingMs: Math.round(e.blockingDuration),
              renderMs: e.renderStart > 0 ? Math.round(end - e.renderStart) : 0,
              styleAndLayoutMs: e.styleAndLayoutStart > 0 ? Math.round(end - e.styleAndLayoutStart) : 0,
              scripts: [...e.scripts]
                .sort((a, b) => b.duration - a.duration)
                .slice(0, 3)
                .map((x) => ({
                  what: `${x.invoker} ${x.sourceFunctionName || '(anonymous)'} ${x.sourceURL.split('/').pop() ?? ''}`.trim(),
                  ms: Math.round(x.duration),
                  forcedLayoutMs: Math.round(x.forcedStyleAndLayoutDuration),
                })),
            });
          }
        })
      : undefined;
    longFrames?.observe({ type: 'long-animation-frame' });
    bench.stop = () => {
      mutations.disconnect();
      longTasks.disconnect();
      longFrames?.disconnect();
    };
    (window as unknown as { __bench: PageBench }).__bench = bench;
  });
}

/**
 * A frame of the app's page that took over 50 ms (Chromium's long-animation-frame entry): its
 * length, how long it blocked input, its time from its rendering's start and from its style and
 * layout's start to its end, and the three scripts that ran longest in it ("invoker function file").
 */
interface LongFrame {
  ms: number;
  blockingMs: number;
  renderMs: number;
  styleAndLayoutMs: number;
  scripts: Array<{ what: string; ms: number; forcedLayoutMs: number }>;
}

/**
 * What the observer gathered: paints as [symbol, text, frame time, DOM change time] (Unix ms),
 * cells mounted, the long tasks and the long frames.
 */
interface PageObserved {
  paints: Array<[string, string, number, number]>;
  mounts: number;
  longTasks: number;
  longTaskMs: number[];
  longFrames: LongFrame[];
}

/** The observer's record in the page (`window.__bench`), and how to stop it. */
type PageBench = PageObserved & { stop: () => void };

/** Stops the page's observer and returns what it gathered. */
export async function collectPaints(page: Page): Promise<PageObserved> {
  return page.evaluate(() => {
    const bench = (window as unknown as { __bench: PageBench }).__bench;
    bench.stop();
    return {
      paints: bench.paints,
      mounts: bench.mounts,
      longTasks: bench.longTasks,
      longTaskMs: bench.longTaskMs,
      longFrames: bench.longFrames,
    };
  });
}

/** What `readAllPrices` and `scrollFrames` share in the page (installed by `installListHelpers`). */
interface ListHelpers {
  /**
   * The time of the animation frame `count` frames on. Bounded: a renderer that stops drawing
   * fails the run with this error instead of holding it.
   */
  frame(count?: number): Promise<number>;
  /** The first watchlist row and its scrollable ancestor. */
  list(): { first: HTMLElement | null; scroller: HTMLElement | null };
}

async function installListHelpers(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as { __benchList?: ListHelpers };
    g.__benchList ??= {
      frame: (count = 1) =>
        new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the page drew no frame in 10 s')), 10_000);
          let left = count;
          const next = (ts: number) => {
            left--;
            if (left > 0) {
              requestAnimationFrame(next);
              return;
            }
            clearTimeout(timer);
            resolve(ts);
          };
          requestAnimationFrame(next);
        }),
      list: () => {
        const first = document.querySelector<HTMLElement>('[role="row"][data-symbol]');
        let scroller: HTMLElement | null = first?.parentElement ?? null;
        while (
          scroller &&
          !(
            scroller.scrollHeight > scroller.clientHeight + 1 &&
            /(auto|scroll)/.test(getComputedStyle(scroller).overflowY)
          )
        )
          scroller = scroller.parentElement;
        return { first, scroller };
      },
    };
  });
}

/**
 * Every watchlist row's price text, scrolling the virtualised grid from top to bottom (rows are
 * mounted only near the view; a row mounted now shows the store's current value).
 */
export async function readAllPrices(page: Page): Promise<Record<string, string>> {
  await installListHelpers(page);
  return page.evaluate(async () => {
    const { frame, list } = (globalThis as unknown as { __benchList: ListHelpers }).__benchList;
    const { scroller } = list();
    const seen: Record<string, string> = {};
    const read = () => {
      for (const row of document.querySelectorAll('[role="row"][data-symbol]')) {
        const symbol = row.getAttribute('data-symbol') ?? '';
        const cell = row.querySelector(`[data-testid="price-${CSS.escape(symbol)}"]`);
        if (cell) seen[symbol] = cell.textContent ?? '';
      }
    };
    if (!scroller) {
      read();
      return seen;
    }
    scroller.scrollTop = 0;
    await frame(2);
    // Bounded: one step per 80 % of a view, at most 2,000 steps.
    for (let i = 0; i < 2_000; i++) {
      read();
      const before = scroller.scrollTop;
      scroller.scrollTop = before + Math.max(1, scroller.clientHeight * 0.8);
      await frame(2);
      if (scroller.scrollTop === before) break;
    }
    read();
    scroller.scrollTop = 0;
    return seen;
  });
}

/**
 * The app's watchlist row as drawn, so the bare list draws the same cells in the same places
 * (docs/benchmark.md "scale"): the row's grid tracks (px, the move handle's first, the remove
 * button's last), the data columns' header labels in order, and the row's font.
 */
export interface RowLayout {
  tracks: number[];
  labels: string[];
  font: string;
  /** The cells the row renders (column-window.ts: the columns in view and one past each edge). */
  cells: number;
}

export async function rowLayout(page: Page): Promise<RowLayout> {
  return page.evaluate(() => {
    const row = document.querySelector('[role="row"][data-symbol]');
    if (!row) throw new Error('no watchlist row');
    const style = getComputedStyle(row);
    const tracks = style.gridTemplateColumns.split(' ').map((t) => parseFloat(t));
    // Data column i's header has aria-colindex i + 2 (the handle's is 1); headers past the view
    // may not be drawn (column-window.ts), and their columns are not drawn by the bare list either.
    const labels = tracks.slice(2).map(() => '');
    for (const h of document.querySelectorAll('[role="columnheader"][aria-colindex]')) {
      const i = Number(h.getAttribute('aria-colindex')) - 2;
      if (i >= 0 && i < labels.length) labels[i] = h.querySelector('button')?.firstChild?.textContent ?? '';
    }
    return {
      tracks,
      labels,
      font: style.font,
      cells: row.children.length,
    };
  });
}

/** Pixels a frame the scroll moves: ten 28 px rows. */
const SCROLL_STEP_PX = 280;

export interface ScrollRun {
  /** Each frame's duration while scrolling (the time between two animation frames), ms. */
  frameMs: number[];
  /** Rows on screen in some frame of the scroll without a price in their price cell. */
  rowsNotLive: number;
  /** Rows on screen checked, over all frames. */
  rowsChecked: number;
  /** The scroller's size, so a bare list beside it is given the same. */
  scroller: { width: number; height: number };
}

/**
 * Top-to-bottom passes a scroll makes: one pass of the 1,000 rows is about 95 frames, whose p99
 * (nearest rank) is its slowest frame; over four, the p99 is the fourth slowest of about 380.
 */
const SCROLL_PASSES = 4;

/**
 * The list scrolled from top to bottom `passes` times, SCROLL_STEP_PX a frame, the same way in the
 * app and in the bare list (docs/benchmark.md "scale"): each frame's time, and whether every row on
 * screen in that frame shows a price. The scroller is the first row's scrollable ancestor.
 */
export async function scrollFrames(page: Page, passes = SCROLL_PASSES): Promise<ScrollRun> {
  await installListHelpers(page);
  return page.evaluate(
    async ([step, passes]) => {
      const { frame, list } = (globalThis as unknown as { __benchList: ListHelpers }).__benchList;
      const { first, scroller } = list();
      if (!scroller) throw new Error('no scrollable list');
      const box = scroller.getBoundingClientRect();
      const viewHeight = scroller.clientHeight;
      // Which rows are on screen, from their `top` and `height` (both lists place rows by them) and the scroll
      // position: no layout read a frame, which would itself stretch the frames being timed. Measured
      // once: where a row's `top` of 0 sits in the scroller's content (below a header, if any).
      const rowTop = (row: Element) => parseFloat((row as HTMLElement).style.top) || 0;
      const firstBox = first?.getBoundingClientRect();
      const origin = first && firstBox ? firstBox.top - box.top + scroller.scrollTop - rowTop(first) : 0;
      const headerHeight = origin;
      let rowsChecked = 0;
      // Rows are evenly spaced (both lists): every place wholly on screen must hold a row showing a
      // price, so a row not drawn yet (a gap in the list) counts as a row not live.
      const pitch = parseFloat(first?.style.height ?? '') || 1;
      const rowCount = Math.floor((scroller.scrollHeight - origin) / pitch);
      const notLive = (scrollTop: number) => {
        let missing = 0;
        const shown = new Set<number>();
        for (const row of document.querySelectorAll('[role="row"][data-symbol]')) {
          const h = parseFloat((row as HTMLElement).style.height) || 0;
          const y = origin + rowTop(row) - scrollTop;
          // Wholly on screen: below the header, above the bottom edge.
          if (y < headerHeight || y + h > viewHeight) continue;
          rowsChecked++;
          shown.add(Math.round(rowTop(row) / pitch));
          const cell = row.querySelector('[data-testid^="price-"]');
          if (!/\d/.test(cell?.textContent ?? '')) missing++;
        }
        const firstPlace = Math.ceil((headerHeight - origin + scrollTop) / pitch);
        const lastPlace = Math.min(Math.floor((viewHeight - origin + scrollTop) / pitch) - 1, rowCount - 1);
        for (let i = firstPlace; i <= lastPlace; i++)
          if (!shown.has(i)) {
            rowsChecked++;
            missing++;
          }
        return missing;
      };
      const frameMs: number[] = [];
      let rowsNotLive = 0;
      for (let pass = 0; pass < passes; pass++) {
        // Back to the top, untimed: the jump renders every row afresh.
        scroller.scrollTop = 0;
        await frame();
        let last = await frame();
        // Bounded: at most 5,000 frames a pass.
        for (let i = 0; i < 5_000; i++) {
          const before = scroller.scrollTop;
          scroller.scrollTop = before + step;
          const at = await frame();
          frameMs.push(at - last);
          last = at;
          const now = scroller.scrollTop;
          rowsNotLive += notLive(now);
          if (now === before) break;
        }
      }
      scroller.scrollTop = 0;
      return { frameMs, rowsNotLive, rowsChecked, scroller: { width: box.width, height: box.height } };
    },
    [SCROLL_STEP_PX, passes] as const,
  );
}
