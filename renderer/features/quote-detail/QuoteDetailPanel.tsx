import { useMemo, type ReactNode } from 'react';
import { Decimal } from '../../../shared/decimal';
import { Panel } from '../../ui/Panel';
import type { PanelProps } from '../../ui/panel-types';
import { direction, formatPercent, formatPrice, formatSigned, formatVolume } from '../../lib/format';
import { formatEtLabelled, formatLocal } from '../../lib/time';
import { useLiveQuote } from '../quotes';
import { marketTimeAt } from '../../../shared/market/market-clock';
import { useQuoteSubscription } from '../quotes';
import { useStreamValue } from '../../lib/use-stream';
import { stageStockOrder } from '../stock-ticket';
import styles from './QuoteDetailPanel.module.css';

/**
 * A ladder price: a click stages a limit order at it in the stock ticket, a buy on the bid side and
 * a sell on the ask side (as a depth trader's book does); nothing is sent until it is placed there.
 */
function LadderPrice({
  symbol,
  side,
  price,
}: {
  symbol: string | undefined;
  side: 'BUY' | 'SELL';
  price: string;
}) {
  const text = formatPrice(price);
  return (
    <button
      type="button"
      className={`num ${styles.ladderPrice}`}
      aria-label={`${side === 'BUY' ? 'Buy' : 'Sell'} limit at ${text}`}
      title={`Stage a ${side === 'BUY' ? 'buy' : 'sell'} limit at ${text} in the stock ticket`}
      disabled={!symbol}
      onClick={() => symbol && stageStockOrder({ symbol, side, orderType: 'LIMIT', limitPrice: price })}
    >
      {text}
    </button>
  );
}

/**
 * The instrument's session stats and the top of its depth book. It subscribes to its own
 * instrument, so a symbol chosen from a list that streams nothing (movers) still gets live quotes.
 */
export function QuoteDetailPanel({ instrument }: PanelProps) {
  const symbol = instrument?.symbol;
  const subscription = useMemo(() => (instrument ? [instrument] : []), [instrument]);
  // The ladder below is the one view that needs the depth book.
  useQuoteSubscription(subscription, 'depth');
  const q = useLiveQuote(symbol);
  const marketClock = useStreamValue('connection')?.marketClock;
  // Main's verdict (shared/market/quote-staleness.ts), shown as it says.
  const stale = q?.stale === true;
  // Main's receive time, shown on the market clock like every other time.
  const updated = q?.time ? marketTimeAt(marketClock, q.time) : undefined;
  const size = (v: string | undefined) => (v ? ` (${formatPrice(v, 0)})` : '');
  const stats: Array<[string, ReactNode, string?, string?]> = [
    ['Last', formatPrice(q?.price)],
    [
      'Change',
      q?.change ? `${formatSigned(q.change)} (${formatPercent(q.changeRatio)})` : '—',
      undefined,
      direction(q?.change),
    ],
    [
      'Bid × Ask',
      // Each side kept whole: a narrow panel breaks the line between them, not inside one.
      q?.bid || q?.ask ? (
        <>
          <span className={styles.side}>{`${formatPrice(q.bid)}${size(q.bidSize)}`}</span>
          {' × '}
          <span className={styles.side}>{`${formatPrice(q.ask)}${size(q.askSize)}`}</span>
        </>
      ) : (
        '—'
      ),
    ],
    ['Open', formatPrice(q?.open)],
    ['High', formatPrice(q?.high)],
    ['Low', formatPrice(q?.low)],
    ['Prev close', formatPrice(q?.preClose)],
    ['Volume', formatVolume(q?.volume)],
    ['Session', q?.tradingSession ?? '—'],
    ['Updated', formatEtLabelled(updated), formatLocal(q?.time)],
  ];
  const asks = [...(q?.asks ?? [])].slice(0, 8).reverse();
  const bids = (q?.bids ?? []).slice(0, 8);
  const maxSize = Math.max(1, ...asks.map((l) => Number(l.size)), ...bids.map((l) => Number(l.size)));
  const spread = q?.bid && q?.ask ? new Decimal(q.ask).minus(q.bid).toFixed(4) : undefined;
  return (
    <Panel
      title="Quote"
      className={`${styles.detail} ${stale ? styles.stale : ''}`}
      meta={
        <>
          {symbol ?? ''}
          {stale && (
            <span className={styles.staleTag} role="status" aria-label={`${symbol} quote is stale`}>
              stale
            </span>
          )}
        </>
      }
      empty={!symbol && 'Choose a symbol in a linked panel'}
    >
      <dl className={styles.stats} aria-busy={!q}>
        {stats.map(([k, v, title, tone]) => (
          <div key={k} className={styles.stat}>
            <dt>{k}</dt>
            <dd className={`num ${tone ?? ''}`} title={title}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      <div className={styles.book}>
        <div className={styles.bookHead}>
          <span>Price</span>
          <span className="num">Size</span>
        </div>
        {asks.map((l, i) => (
          <div key={`a${i}`} className={`${styles.bookRow} ${styles.ask}`}>
            <span className={styles.depthBar} style={{ width: `${(Number(l.size) / maxSize) * 100}%` }} />
            <LadderPrice symbol={symbol} side="SELL" price={l.price} />
            <span className="num">{formatPrice(l.size, 0)}</span>
          </div>
        ))}
        <div className={`${styles.bookSpread} num`}>
          {spread ? `Spread ${formatPrice(spread)}` : 'Waiting for depth…'}
        </div>
        {bids.map((l, i) => (
          <div key={`b${i}`} className={`${styles.bookRow} ${styles.bid}`}>
            <span className={styles.depthBar} style={{ width: `${(Number(l.size) / maxSize) * 100}%` }} />
            <LadderPrice symbol={symbol} side="BUY" price={l.price} />
            <span className="num">{formatPrice(l.size, 0)}</span>
          </div>
        ))}
      </div>
    </Panel>
  );
}
