import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Panel } from '../../ui/Panel';
import { BridgeError, errorMessage } from '../../lib/bridge';
import { ChartController } from './chart-controller';
import type { ChartPanelProps } from './chart-panel-props';
import { ChartLegend } from './ChartLegend';
import { imageHeader } from './image-header';
import { legendIndex } from './chart-readout';
import { ChartToolbar } from './ChartToolbar';
import { TIMESPAN_LABEL } from './timespan-labels';
import { useChartHistory } from './use-chart-history';
import { useAlerts } from '../alerts';
import { requestAlert } from '../alerts';
import { useQuoteStore } from '../quotes';
import { useQuoteSubscription } from '../quotes';
import { alertLinesFor, priceText } from './alert-lines';
import { ChartMenu, chartMenuItems, type ChartMenuAction } from './ChartMenu';
import { ChartOrders } from './ChartOrders';
import { snapToTick } from './order-lines';
import { stageStockOrder } from '../stock-ticket';
import styles from './Chart.module.css';

function ChartError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const code = error instanceof BridgeError ? error.code : 'ERROR';
  return (
    <div className={`${styles.overlay} panel-error`} role="alert">
      <div className="panel-error__title">Bars could not be loaded ({code})</div>
      <div className="panel-error__message">{errorMessage(error)}</div>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** Candles, volume and overlays of the linked instrument; see docs/ui.md "Chart". */
export function ChartPanel({ settings, updateSettings, instrument }: ChartPanelProps) {
  const container = useRef<HTMLDivElement>(null);
  const [ctrl, setCtrl] = useState<ChartController>();
  const [hover, setHover] = useState<number>();
  /** The right-click menu: where it opened (CSS px in the stage) and the price there, on the tick. */
  const [menu, setMenu] = useState<{ x: number; y: number; price: string }>();

  useEffect(() => {
    const el = container.current;
    if (!el) return undefined;
    const c = new ChartController(el);
    c.onHover = setHover;
    setCtrl(c);
    // Re-theme when the app's theme (set from the theme stream on <html data-theme>) changes.
    const observer = new MutationObserver(() => c.applyTheme());
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      observer.disconnect();
      c.destroy();
      setCtrl(undefined);
    };
  }, []);

  const { timespan, indicators, scale } = settings;
  useEffect(() => {
    ctrl?.applySettings({ timespan, indicators, scale });
  }, [ctrl, timespan, indicators, scale]);

  // The symbol's quotes into the store, which the last bar follows (use-chart-history.ts).
  const streamed = useMemo(() => (instrument ? [instrument] : []), [instrument]);
  useQuoteSubscription(streamed);
  const history = useChartHistory(ctrl, instrument, timespan, settings.extendedHours);

  const alerts = useAlerts();
  useEffect(() => {
    ctrl?.setAlertLines(alertLinesFor(alerts, instrument));
  }, [ctrl, alerts, instrument]);
  /** "Alert at price": at a chosen price, else the last price (streamed, else the newest bar's close). */
  const alertAt = (price?: number) => {
    if (!instrument) return;
    const last = useQuoteStore.getState().quotes[instrument.symbol]?.price;
    const newest = ctrl?.bars.at(-1)?.close;
    const value =
      price !== undefined
        ? priceText(price)
        : (last ?? (newest !== undefined ? priceText(newest) : undefined));
    requestAlert({ symbol: instrument.symbol, category: instrument.category, kind: 'cross', value });
  };

  const closeMenu = useCallback(() => {
    setMenu(undefined);
    container.current?.focus();
  }, []);
  const pick = (item: ChartMenuAction) => {
    const price = menu?.price;
    closeMenu();
    if (!price || !instrument) return;
    if (item.kind === 'alert') alertAt(Number(price));
    else
      stageStockOrder({
        symbol: instrument.symbol,
        ...item.order,
        ...(item.order.orderType === 'LIMIT' ? { limitPrice: price } : { stopPrice: price }),
      });
  };
  /** The menu at a height of the chart (CSS px from its top), or undefined where there is no price. */
  const openMenu = (x: number, y: number) => {
    const price = ctrl?.priceAt(y);
    if (price === null || price === undefined || price <= 0 || !instrument) return false;
    setMenu({ x, y, price: snapToTick(price) });
    return true;
  };

  const savePng = () => {
    if (!ctrl || !instrument) return;
    const a = document.createElement('a');
    const index = legendIndex(hover, ctrl.bars.length);
    a.href = ctrl.screenshotDataUrl(
      imageHeader(
        instrument.symbol,
        timespan,
        ctrl.bars,
        index,
        ctrl.indicatorReadings(index, indicators, timespan),
      ),
    );
    a.download = `${instrument.symbol}-${timespan}.png`;
    a.click();
  };

  // The frame's loading/error states would unmount the canvas: the chart draws its states over it.
  return (
    <Panel
      title={`Chart ${instrument?.symbol ?? ''}`.trim()}
      actions={
        <>
          <span className={styles.symbol}>{instrument?.symbol}</span>
          <ChartToolbar
            settings={settings}
            updateSettings={updateSettings}
            onSavePng={savePng}
            canSave={history.phase === 'ready'}
          />
          <button
            type="button"
            className="btn"
            disabled={!instrument}
            title="Set a price alert (right-click the chart for an alert at that price)"
            onClick={() => alertAt()}
          >
            Alert at price
          </button>
        </>
      }
    >
      <div className={styles.stage}>
        <div
          className={styles.body}
          ref={container}
          data-testid="chart"
          role="application"
          aria-roledescription="chart"
          tabIndex={0}
          aria-label={`${instrument?.symbol ?? ''} ${TIMESPAN_LABEL[timespan].name.toLowerCase()} price chart. Arrow keys scroll, plus and minus zoom, Home goes back to the oldest loaded bar, End to the newest, Shift+F10 opens the order and alert menu.`}
          onKeyDown={(e) => {
            // The keyboard's context menu (the Menu key, Shift+F10): at the middle of the pane.
            if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
              const box = e.currentTarget.getBoundingClientRect();
              if (openMenu(box.width / 3, box.height / 2)) e.preventDefault();
              return;
            }
            if (ctrl?.handleKey(e.key)) e.preventDefault();
          }}
          onContextMenu={(e) => {
            // Right-click: the menu at the price under the pointer (stage an order, set an alert).
            const box = e.currentTarget.getBoundingClientRect();
            if (openMenu(e.clientX - box.left, e.clientY - box.top)) e.preventDefault();
          }}
        />
        {ctrl && <ChartOrders ctrl={ctrl} instrument={instrument} bars={ctrl.bars} />}
        {menu && instrument && (
          <ChartMenu
            x={menu.x}
            y={menu.y}
            price={menu.price}
            items={chartMenuItems(menu.price)}
            onPick={pick}
            onClose={closeMenu}
          />
        )}
        {instrument && ctrl && history.phase !== 'error' && (
          <ChartLegend
            symbol={instrument.symbol}
            timespan={timespan}
            bars={ctrl.bars}
            hover={hover}
            readings={ctrl.indicatorReadings(legendIndex(hover, ctrl.bars.length), indicators, timespan)}
            older={history.older}
            olderError={history.olderError}
            onRetryOlder={history.loadOlder}
          />
        )}
        {!instrument && <div className={styles.overlay}>Pick a symbol in the watchlist to chart it.</div>}
        {history.phase === 'loading' && (
          <div className={styles.overlay} role="status">
            Loading {TIMESPAN_LABEL[timespan].name.toLowerCase()} bars…
          </div>
        )}
        {history.phase === 'empty' && (
          <div className={styles.overlay} role="status">
            No {TIMESPAN_LABEL[timespan].name.toLowerCase()} bars for {instrument?.symbol} yet.
          </div>
        )}
        {history.phase === 'error' && <ChartError error={history.error} onRetry={history.retry} />}
      </div>
    </Panel>
  );
}
