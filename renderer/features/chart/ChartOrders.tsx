import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage, invoke } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';
import { todayEt } from '../../lib/time';
import { useActiveAccountId } from '../account';
import { refreshTrading } from '../orders';
import { useQuoteStore } from '../quotes';
import type { ChartController } from './chart-controller';
import type { LinkedInstrument } from './chart-panel-props';
import type { ChartBar } from './convert';
import {
  refusalMessage,
  settle,
  shownLines,
  withPending,
  type PendingPrices,
  type ShownLine,
} from './order-drag';
import type { FillHover, OrderLayer } from './order-layer';
import { fillMarkersFor, orderLinesFor, positionLineFor, replaceRequest, stepTicks } from './order-lines';
import styles from './Chart.module.css';

/**
 * The trader's working orders, position and fills on the chart (docs/ui.md "Orders on the chart"),
 * from the blotter's own queries (same keys: one fetch, and every trade event refreshes both). A
 * line dragged, or stepped from the keyboard, is replaced at its new price through main, which asks
 * when the settings say so; a refusal puts the line back and says why.
 */
export function ChartOrders({
  ctrl,
  instrument,
  bars,
}: {
  ctrl: ChartController;
  instrument: LinkedInstrument | undefined;
  bars: readonly ChartBar[];
}) {
  const queryClient = useQueryClient();
  const accountId = useActiveAccountId();
  const symbol = instrument?.symbol;
  const enabled = accountId !== undefined && symbol !== undefined;
  const today = todayEt();
  const open = useQuery({
    ...apiQuery('api.ordersOpen', { account_id: accountId ?? '', page_size: 100 }),
    enabled,
  });
  const history = useQuery({
    ...apiQuery('api.ordersHistory', {
      account_id: accountId ?? '',
      page_size: 100,
      start_date: today,
      end_date: today,
    }),
    enabled,
  });
  const positions = useQuery({ ...apiQuery('api.positions', { account_id: accountId ?? '' }), enabled });
  const last = useQuoteStore((s) => (symbol ? s.quotes[symbol]?.price : undefined));

  const lines = useMemo(() => orderLinesFor(open.data, symbol, accountId), [open.data, symbol, accountId]);
  const [pending, setPending] = useState<PendingPrices>({});
  const [notice, setNotice] = useState<string>();
  useEffect(() => setPending((p) => settle(p, lines)), [lines]);
  const shown = useMemo(() => shownLines(lines, pending), [lines, pending]);

  const commit = (key: string, price: string) => {
    const line = lines.find((l) => l.key === key);
    if (!line || pending[key]?.state === 'sending') return;
    if (price === line.price) {
      setPending((p) => withPending(p, key, undefined));
      return;
    }
    setNotice(undefined);
    setPending((p) => withPending(p, key, { price, state: 'sending' }));
    invoke('api.orderReplace', replaceRequest(line, price)).then(
      () => {
        setPending((p) => withPending(p, key, { price, state: 'sent' }));
        refreshTrading(queryClient);
      },
      (error: unknown) => {
        setPending((p) => withPending(p, key, undefined));
        const message = refusalMessage(line, price, errorMessage(error));
        setNotice(message);
        toast.error('Order not moved', { description: message });
      },
    );
  };
  const move = (key: string, price: string) =>
    setPending((p) => (p[key]?.state === 'sending' ? p : withPending(p, key, { price, state: 'moving' })));
  const abandon = (key: string) =>
    setPending((p) => (p[key]?.state === 'moving' ? withPending(p, key, undefined) : p));

  // A fill's text, shown while the pointer is over its marker (order-layer.ts `fillMarkerShapes`).
  const [fillHover, setFillHover] = useState<FillHover>();
  // The layer calls the latest handlers (they close over this render's lines).
  const handlers = useRef({ move, commit, abandon });
  handlers.current = { move, commit, abandon };
  const [layer, setLayer] = useState<OrderLayer>();
  useEffect(() => {
    setLayer(
      ctrl.orderLayer({
        onMove: (k, p) => handlers.current.move(k, p),
        onDrop: (k, p) => handlers.current.commit(k, p),
        onAbandon: (k) => handlers.current.abandon(k),
        onFillHover: setFillHover,
      }),
    );
  }, [ctrl]);
  useEffect(() => {
    layer?.setLines(shown);
  }, [layer, shown]);
  const position = useMemo(
    () => positionLineFor(positions.data, symbol, last),
    [positions.data, symbol, last],
  );
  useEffect(() => {
    layer?.setPosition(position);
  }, [layer, position]);
  const first = bars[0]?.time;
  const barCount = bars.length;
  useEffect(() => {
    const times = bars.map((b) => b.time);
    layer?.setFills(fillMarkersFor(history.data, symbol, accountId, times));
    // Bars are re-read when their count or first bar changes (a live trade moves only the last).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layer, history.data, symbol, accountId, barCount, first]);

  const tooltip = fillHover && (
    <div
      role="tooltip"
      className={styles.fillTip}
      style={{
        left: fillHover.x + (fillHover.leftOfPointer ? -12 : 12),
        top: fillHover.y + 12,
        transform: fillHover.leftOfPointer ? 'translateX(-100%)' : undefined,
      }}
    >
      {fillHover.lines.map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
  if (shown.length === 0 && !notice) return tooltip ?? null;
  return (
    <>
      {tooltip}
      <div className={styles.orders} role="group" aria-label="Orders on the chart">
        {shown.map((line) => (
          <OrderStepper key={line.key} line={line} move={move} commit={commit} abandon={abandon} />
        ))}
        {notice && (
          <p role="alert" className={styles.orderNotice}>
            {notice}
          </p>
        )}
      </div>
    </>
  );
}

const STEP_KEYS: Record<string, number> = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

/**
 * The keyboard's way to move a line: focus it, arrows step a tick (Page Up/Down ten), Enter sends
 * the replacement, Escape puts it back.
 */
function OrderStepper({
  line,
  move,
  commit,
  abandon,
}: {
  line: ShownLine;
  move(key: string, price: string): void;
  commit(key: string, price: string): void;
  abandon(key: string): void;
}) {
  const state = line.pending?.state;
  return (
    <div
      role="spinbutton"
      tabIndex={0}
      className={styles.orderChip}
      data-side={line.side}
      aria-label={`${line.name}: arrow keys move the price, Enter replaces the order`}
      aria-valuenow={Number(line.price)}
      aria-valuetext={`${line.price}${state === 'moving' ? `, not sent (was ${line.was})` : state ? `, ${state}` : ''}`}
      aria-busy={state === 'sending'}
      onKeyDown={(e) => {
        const steps = STEP_KEYS[e.key];
        if (steps !== undefined) {
          e.preventDefault();
          e.stopPropagation();
          move(line.key, stepTicks(line.price, steps));
        } else if (e.key === 'Enter') {
          e.preventDefault();
          if (state === 'moving') commit(line.key, line.price);
        } else if (e.key === 'Escape' && state === 'moving') {
          e.stopPropagation();
          abandon(line.key);
        }
      }}
    >
      {line.title}
      {!state && ` ${line.price}`}
    </div>
  );
}
