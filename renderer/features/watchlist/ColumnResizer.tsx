import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import styles from './Watchlist.module.css';

/** The narrowest and widest a column may be made (px). */
const COLUMN_WIDTH_RANGE = { min: 40, max: 480 } as const;
const STEP = 8;

const clampWidth = (w: number): number =>
  Math.round(Math.min(COLUMN_WIDTH_RANGE.max, Math.max(COLUMN_WIDTH_RANGE.min, w)));

/**
 * The handle at a column header's right edge: drag it, or focus it and press ←/→ (Home resets
 * to the column's own width). A separator with its value, as WAI-ARIA's window splitter is.
 */
export function ColumnResizer({
  label,
  width,
  onResize,
  onReset,
}: {
  label: string;
  width: number;
  onResize(width: number): void;
  onReset(): void;
}) {
  const drag = useRef<{ x: number; width: number } | undefined>(undefined);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) onResize(clampWidth(drag.current.width + e.clientX - drag.current.x));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = undefined;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next =
      e.key === 'ArrowRight'
        ? width + STEP
        : e.key === 'ArrowLeft'
          ? width - STEP
          : e.key === 'Home'
            ? NaN
            : undefined;
    if (next === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    if (Number.isNaN(next)) onReset();
    else onResize(clampWidth(next));
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label} column`}
      aria-valuenow={width}
      aria-valuemin={COLUMN_WIDTH_RANGE.min}
      aria-valuemax={COLUMN_WIDTH_RANGE.max}
      tabIndex={0}
      className={styles.resizer}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={onKeyDown}
    />
  );
}
