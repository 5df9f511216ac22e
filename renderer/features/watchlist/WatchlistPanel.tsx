import { useEffect, useMemo, useState } from 'react';
import { ErrorMessage } from '../../app/ErrorBoundary';
import { direction, formatPercent, formatPrice, formatSigned, formatVolume } from '../../lib/format';
import { useQuoteStore } from '../quotes/quote-store';
import { useSelection } from '../quotes/selection-store';
import { useQuoteSubscription } from '../quotes/use-quotes';
import { useSnapshotSeed, useWatchlistInstruments, useWatchlists } from './use-watchlist';

function QuoteRow({
  symbol,
  name,
  selected,
  onSelect,
}: {
  symbol: string;
  name?: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const q = useQuoteStore((s) => s.quotes[symbol]);
  const dir = direction(q?.change);
  return (
    <tr className={selected ? 'row row--selected' : 'row'} onClick={onSelect} data-symbol={symbol}>
      <td className="cell-symbol">
        <div className="sym">{symbol}</div>
        <div className="sym-name">{name ?? ''}</div>
      </td>
      <td
        className={`num price flash-${q?.lastMove ?? 'none'}`}
        data-quote-time={q?.time ?? 0}
        key={q?.moves ?? 0}
        data-testid={`price-${symbol}`}
      >
        {formatPrice(q?.price)}
      </td>
      <td className={`num ${dir}`}>{formatSigned(q?.change)}</td>
      <td className={`num ${dir}`}>
        <span className={`pill pill--${dir}`}>{formatPercent(q?.changeRatio)}</span>
      </td>
      <td className="num dim">{formatPrice(q?.bid)}</td>
      <td className="num dim">{formatPrice(q?.ask)}</td>
      <td className="num dim">{formatVolume(q?.volume)}</td>
    </tr>
  );
}

export function WatchlistPanel() {
  const lists = useWatchlists();
  const [chosen, setChosen] = useState<string | undefined>();
  const watchlistId = chosen ?? lists.data?.[0]?.watchlist_id;
  const instruments = useWatchlistInstruments(watchlistId);
  const rows = useMemo(
    () => [...(instruments.data ?? [])].sort((a, b) => a.sort - b.sort),
    [instruments.data],
  );
  useSnapshotSeed(rows);
  useQuoteSubscription(rows);
  const selected = useSelection((s) => s.symbol);
  const select = useSelection((s) => s.select);
  const first = rows[0];
  useEffect(() => {
    if (!selected && first) select(first.symbol, first.category);
  }, [selected, first, select]);

  const error = lists.error ?? instruments.error;
  return (
    <section className="panel watchlist" aria-label="Watchlist">
      <header className="panel-head">
        <span className="panel-title">Watchlist</span>
        <select
          className="select"
          value={watchlistId ?? ''}
          onChange={(e) => setChosen(e.target.value)}
          aria-label="Choose watchlist"
        >
          {(lists.data ?? []).map((w) => (
            <option key={w.watchlist_id} value={w.watchlist_id}>
              {w.name}
            </option>
          ))}
        </select>
        <span className="panel-meta">{rows.length} symbols</span>
      </header>
      {error ? (
        <ErrorMessage
          error={error}
          onRetry={() => {
            void lists.refetch();
            void instruments.refetch();
          }}
        />
      ) : (
        <div className="table-wrap">
          <table className="grid">
            <colgroup>
              <col style={{ width: '23%' }} />
              <col style={{ width: '14%' }} />
              <col style={{ width: '12%' }} />
              <col style={{ width: '14%' }} />
              <col style={{ width: '12%' }} />
              <col style={{ width: '12%' }} />
              <col style={{ width: '13%' }} />
            </colgroup>
            <thead>
              <tr>
                <th>Symbol</th>
                <th className="num">Last</th>
                <th className="num">Chg</th>
                <th className="num">Chg %</th>
                <th className="num">Bid</th>
                <th className="num">Ask</th>
                <th className="num">Vol</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <QuoteRow
                  key={r.symbol}
                  symbol={r.symbol}
                  name={r.name}
                  selected={r.symbol === selected}
                  onSelect={() => select(r.symbol, r.category)}
                />
              ))}
              {instruments.isLoading && (
                <tr>
                  <td colSpan={7} className="loading">
                    Loading watchlist…
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
