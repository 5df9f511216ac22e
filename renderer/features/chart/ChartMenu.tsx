import { useEffect, useRef } from 'react';
import type { StagedStockOrder } from '../stock-ticket';
import styles from './Chart.module.css';

/** What a chart menu item does at the price it was opened at. */
export type ChartMenuAction =
  | { kind: 'stage'; order: Pick<StagedStockOrder, 'side' | 'orderType'>; label: string }
  | { kind: 'alert'; label: string };

/** The chart's menu at a price: stage an order there in the stock ticket, or set an alert there. */
export function chartMenuItems(price: string): ChartMenuAction[] {
  const stage = (side: 'BUY' | 'SELL', orderType: 'LIMIT' | 'STOP_LOSS', words: string): ChartMenuAction => ({
    kind: 'stage',
    order: { side, orderType },
    label: `${words} at ${price}`,
  });
  return [
    stage('BUY', 'LIMIT', 'Buy limit'),
    stage('SELL', 'LIMIT', 'Sell limit'),
    stage('BUY', 'STOP_LOSS', 'Buy stop'),
    stage('SELL', 'STOP_LOSS', 'Sell stop'),
    { kind: 'alert', label: `Alert at ${price}` },
  ];
}

/**
 * A menu (WAI-ARIA menu pattern): focus on its first item when it opens, Up/Down/Home/End move,
 * Enter or Space picks, Escape or Tab closes and gives the focus back to the chart.
 */
export function ChartMenu({
  x,
  y,
  price,
  items,
  onPick,
  onClose,
}: {
  x: number;
  y: number;
  price: string;
  items: readonly ChartMenuAction[];
  onPick(item: ChartMenuAction): void;
  onClose(): void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const away = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node)) onClose();
    };
    window.addEventListener('pointerdown', away, true);
    return () => window.removeEventListener('pointerdown', away, true);
  }, [onClose]);
  const focusAt = (delta: number | 'first' | 'last') => {
    const all = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next =
      delta === 'first' ? 0 : delta === 'last' ? all.length - 1 : (at + delta + all.length) % all.length;
    all[next]?.focus();
  };
  return (
    <div
      ref={menu}
      role="menu"
      aria-label={`Chart at ${price}`}
      className={styles.menu}
      style={{ left: x, top: y }}
      onKeyDown={(e) => {
        const moves: Record<string, number | 'first' | 'last'> = {
          ArrowDown: 1,
          ArrowUp: -1,
          Home: 'first',
          End: 'last',
        };
        const move = moves[e.key];
        if (move !== undefined) {
          e.preventDefault();
          focusAt(move);
        } else if (e.key === 'Escape' || e.key === 'Tab') {
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }
      }}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={styles.menuItem}
          onClick={() => onPick(item)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
