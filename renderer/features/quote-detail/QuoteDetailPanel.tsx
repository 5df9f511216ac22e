import { formatPrice, formatTime, formatVolume } from '../../lib/format';
import { useQuoteStore } from '../quotes/quote-store';
import { useSelection } from '../quotes/selection-store';

/** The selected symbol's session stats and the top of its depth book, from the quote stream. */
export function QuoteDetailPanel() {
  const symbol = useSelection((s) => s.symbol);
  const q = useQuoteStore((s) => (symbol ? s.quotes[symbol] : undefined));
  const stats: Array<[string, string]> = [
    ['Open', formatPrice(q?.open)],
    ['High', formatPrice(q?.high)],
    ['Low', formatPrice(q?.low)],
    ['Prev close', formatPrice(q?.preClose)],
    ['Volume', formatVolume(q?.volume)],
    ['Session', q?.tradingSession ?? '—'],
    ['Updated', formatTime(q?.time)],
  ];
  const asks = [...(q?.asks ?? [])].slice(0, 8).reverse();
  const bids = (q?.bids ?? []).slice(0, 8);
  const maxSize = Math.max(1, ...asks.map((l) => Number(l.size)), ...bids.map((l) => Number(l.size)));
  return (
    <section className="panel detail" aria-label="Quote detail">
      <header className="panel-head">
        <span className="panel-title">Quote</span>
        <span className="panel-meta">{symbol ?? ''}</span>
      </header>
      <dl className="stats">
        {stats.map(([k, v]) => (
          <div key={k} className="stat">
            <dt>{k}</dt>
            <dd className="num">{v}</dd>
          </div>
        ))}
      </dl>
      <div className="book">
        <div className="book-head">
          <span>Price</span>
          <span className="num">Size</span>
        </div>
        {asks.map((l, i) => (
          <div key={`a${i}`} className="book-row ask">
            <span className="depth-bar" style={{ width: `${(Number(l.size) / maxSize) * 100}%` }} />
            <span className="num">{formatPrice(l.price)}</span>
            <span className="num">{formatPrice(l.size, 0)}</span>
          </div>
        ))}
        <div className="book-spread num">
          {q?.bid && q?.ask
            ? `Spread ${formatPrice((Number(q.ask) - Number(q.bid)).toFixed(4))}`
            : 'Waiting for depth…'}
        </div>
        {bids.map((l, i) => (
          <div key={`b${i}`} className="book-row bid">
            <span className="depth-bar" style={{ width: `${(Number(l.size) / maxSize) * 100}%` }} />
            <span className="num">{formatPrice(l.price)}</span>
            <span className="num">{formatPrice(l.size, 0)}</span>
          </div>
        ))}
      </div>
    </section>
  );
}
