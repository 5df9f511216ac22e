/**
 * The last price's flash (docs/ui.md "Watchlists"): a class put on the price cell when its price
 * moves and taken off `ms` later, by one timer for every flash that ends in the same `slotMs`. Not
 * a CSS animation: while an animation runs, stepped or not, Chromium recomputes its element's
 * style every frame, and under a busy feed every visible row is flashing (in a benchmark flood,
 * the renderer's style recalculation fell from 22 to 0.9 ms a second with this).
 */
export interface FlashClock {
  now(): number;
  setTimeout(run: () => void, ms: number): void;
}

export interface Flasher {
  /** Puts `on` on the element (and takes `off` away) until `ms` from now; a newer flash wins. */
  flash(el: Element, on: string, off: readonly string[]): void;
  /** Takes `classes` off the element now and forgets its flash (a recycled row shows another symbol). */
  stop(el: Element, classes: readonly string[]): void;
}

const realClock: FlashClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => void setTimeout(run, ms),
};

export function createFlasher(opts: { ms: number; slotMs: number; clock?: FlashClock }): Flasher {
  const clock = opts.clock ?? realClock;
  /** The newest flash of each element: an older one's timer leaves a newer one alone. */
  const newest = new WeakMap<Element, number>();
  const slots = new Map<number, Array<[Element, string, number]>>();
  let serial = 0;
  return {
    flash(el, on, off) {
      if (off.length > 0) el.classList.remove(...off);
      el.classList.add(on);
      const id = ++serial;
      newest.set(el, id);
      const now = clock.now();
      const end = Math.ceil((now + opts.ms) / opts.slotMs) * opts.slotMs;
      let due = slots.get(end);
      if (!due) {
        const list: Array<[Element, string, number]> = [];
        due = list;
        slots.set(end, list);
        clock.setTimeout(() => {
          slots.delete(end);
          for (const [e, cls, n] of list) {
            if (newest.get(e) !== n) continue;
            e.classList.remove(cls);
            newest.delete(e);
          }
        }, end - now);
      }
      due.push([el, on, id]);
    },
    stop(el, classes) {
      newest.delete(el);
      if (classes.length > 0) el.classList.remove(...classes);
    },
  };
}

/** How long a move's flash stays on. */
const FLASH_MS = 600;

/** The window's one flasher: flashes that end within 50 ms of each other go off together. */
export const flasher = createFlasher({ ms: FLASH_MS, slotMs: 50 });
