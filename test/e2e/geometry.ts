/** The window sizes every layout is checked at (docs/testing.md "A trader's walkthrough"). */
export const WINDOW_SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

/** Everything a trader must be able to see or reach: controls, tabs, column headers, menu items. */
export const REACHABLE =
  'button, select, input:not([type=hidden]), textarea, a[href], [role=tab], [role=columnheader], th, [role=menuitem], [role=option], [tabindex]:not([tabindex="-1"]), ' +
  // the top bar's badges (environment, links, rate, account, clock, key and secret)
  'header:not(section > header) > *';

/**
 * Run in the page: every element of REACHABLE that is rendered (not display:none, not inside an
 * inactive dock tab) must lie inside the viewport and inside every box that clips it, except a box
 * that scrolls along that axis (its own scrollbar reaches it). An element that passes but is
 * covered where a click would land (by a toast, a sibling panel) is reported too. Returns one line
 * per element that cannot be seen or reached, naming it and the box that hides it.
 */
export function unreachableElements(selector: string): string[] {
  const name = (e: Element): string => {
    const label =
      e.getAttribute('aria-label') ??
      (e as HTMLElement).innerText?.trim().split('\n')[0]?.slice(0, 40) ??
      e.getAttribute('placeholder') ??
      '';
    const region = e.closest('section[aria-label], [role=dialog], [role=group][aria-label], header');
    const where = region?.getAttribute('aria-label') ?? region?.tagName.toLowerCase() ?? 'page';
    return `${where} › ${e.getAttribute('role') ?? e.tagName.toLowerCase()} "${label}"`;
  };
  const box = (e: Element): string => {
    const cls = typeof e.className === 'string' ? e.className.split(' ')[0] : '';
    return `${e.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`;
  };
  // A frozen (sticky) column or header row covers the cells it scrolls over: those come out from
  // under it when their own box scrolls, so they are reachable.
  const scroller = (e: Element): Element | undefined => {
    for (let a = e.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (/(auto|scroll)/.test(s.overflowX + s.overflowY)) return a;
    }
    return undefined;
  };
  const underStickyPart = (e: Element, cover: Element): boolean => {
    let sticky: Element | null = cover;
    while (sticky && getComputedStyle(sticky).position !== 'sticky') sticky = sticky.parentElement;
    if (!sticky) return false;
    const box = scroller(e);
    return (
      box !== undefined &&
      box === scroller(sticky) &&
      (box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight)
    );
  };
  const problems: string[] = [];
  for (const el of document.querySelectorAll(selector)) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue; // not rendered (display:none, inactive tab)
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    if (el.closest('[aria-hidden=true], [inert]')) continue;
    // The box the element needs to be seen in, narrowed as each clipping ancestor is passed;
    // a scroll container lets the element be brought anywhere inside its own client box.
    let { left, right, top, bottom } = rect;
    let scrolled = false;
    let hiddenBy: string | undefined;
    let node: Element | null = el;
    while (node && node !== document.documentElement && !hiddenBy) {
      const position = getComputedStyle(node).position;
      if (position === 'fixed') break;
      // An absolutely positioned box is clipped only by its containing block and what holds that.
      let parent: Element | null = node.parentElement;
      if (position === 'absolute') parent = (node as HTMLElement).offsetParent ?? document.body;
      node = parent;
      if (!node || node === document.documentElement) break;
      const s = getComputedStyle(node);
      const r = node.getBoundingClientRect();
      const inner = {
        left: r.left + node.clientLeft,
        top: r.top + node.clientTop,
        right: r.left + node.clientLeft + node.clientWidth,
        bottom: r.top + node.clientTop + node.clientHeight,
      };
      for (const axis of ['x', 'y'] as const) {
        const overflow = axis === 'x' ? s.overflowX : s.overflowY;
        if (overflow === 'visible') continue;
        const [lo, hi] = axis === 'x' ? [inner.left, inner.right] : [inner.top, inner.bottom];
        const [a, b] = axis === 'x' ? [left, right] : [top, bottom];
        const scrolls =
          (overflow === 'auto' || overflow === 'scroll') &&
          (axis === 'x' ? node.scrollWidth > node.clientWidth : node.scrollHeight > node.clientHeight);
        // dockview's tab strip hides the native bar and draws its own (`.dv-scrollable`), and lists
        // the tabs that do not fit in its overflow dropdown.
        const ownBar = node.parentElement?.classList.contains('dv-scrollable') === true;
        if (scrolls || ownBar || overflow === 'auto' || overflow === 'scroll') {
          // Reachable by this box's scrollbar: from here on it can sit anywhere in the client box.
          if (a < lo - 1 || b > hi + 1) scrolled = true;
          const size = Math.min(b - a, hi - lo);
          const start = Math.min(Math.max(a, lo), hi - size);
          if (axis === 'x') [left, right] = [start, start + size];
          else [top, bottom] = [start, start + size];
        } else if (a < lo - 1 || b > hi + 1) {
          hiddenBy = `${box(node)} (overflow ${overflow})`;
        }
      }
    }
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    if (!hiddenBy && (left < -1 || top < -1 || right > vw + 1 || bottom > vh + 1)) hiddenBy = 'the window';
    if (hiddenBy) {
      problems.push(`${name(el)} is cut off by ${hiddenBy}`);
      continue;
    }
    // Its own content spills out of its box (a badge squeezed by its neighbours): drawn over or cut.
    const overflowing =
      !['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName) &&
      !['auto', 'scroll'].includes(style.overflowX) &&
      el.scrollWidth > el.clientWidth + 1 &&
      el.clientWidth > 0;
    if (overflowing) {
      problems.push(`${name(el)} is wider than its box (${el.scrollWidth} > ${el.clientWidth} px)`);
      continue;
    }
    // A form control sticking out of the box it is laid out in (a select as wide as its longest
    // option in a narrow field): it is drawn over its neighbour or makes its form scroll sideways.
    const holder = el.parentElement;
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName) && holder) {
      const h = holder.getBoundingClientRect();
      if (h.width > 0 && rect.right > h.right + 1) {
        problems.push(
          `${name(el)} sticks out of its field (${Math.round(rect.width)} > ${Math.round(h.width)} px)`,
        );
        continue;
      }
    }
    if (scrolled) continue; // off screen now, but its panel's scrollbar brings it into view
    // Seen where it is: a click in its middle or near a corner must land on it, not on something
    // drawn over it (a dock sash, a toast, a neighbouring panel).
    if ((el as HTMLInputElement).labels?.length) continue; // a radio or checkbox is clicked by its label too
    // (A dock sash straddles a panel's edge by 2 px, where nobody aims: the corners are taken inside that.)
    const dx = Math.min(5, (right - left) / 4);
    const dy = Math.min(5, (bottom - top) / 4);
    const points = [
      [(left + right) / 2, (top + bottom) / 2],
      [left + dx, top + dy],
      [right - dx, top + dy],
      [left + dx, bottom - dy],
      [right - dx, bottom - dy],
    ] as const;
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (hit && !el.contains(hit) && !hit.contains(el) && !underStickyPart(el, hit)) {
        problems.push(`${name(el)} is covered by ${box(hit)}`);
        break;
      }
    }
  }
  return problems;
}
