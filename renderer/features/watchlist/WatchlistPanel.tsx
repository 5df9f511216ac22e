import { useEffect, useMemo } from 'react';
import { Panel } from '../../app/panels/Panel';
import type { PanelProps } from '../../app/panels/panel-types';
import { direction, formatPercent, formatPrice, formatSigned, formatVolume } from '../../lib/format';
import { useQuoteStore } from '../quotes/quote-store';
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
    <tr
      className={selected ? 'row row--selected' : 'row'}
      onClick={onSelect}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onSelect();
        }
      }}
      tabIndex={0}
      aria-current={selected ? 'true' : undefined}
      data-symbol={symbol}
    >
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

export type WatchlistSettings = { watchlistId?: string };

export function WatchlistPanel({
  settings,
  updateSettings,
  instrument,
  setInstrument,
}: PanelProps<WatchlistSettings>) {
  const lists = useWatchlists();
  const stored = settings.watchlistId;
  // A stored id that the (current environment's) lists do not have falls back to the first list.
  const watchlistId =
    stored && lists.data?.some((w) => w.watchlist_id === stored) ? stored : lists.data?.[0]?.watchlist_id;
  const instruments = useWatchlistInstruments(watchlistId);
  const rows = useMemo(
    () => [...(instruments.data ?? [])].sort((a, b) => a.sort - b.sort),
    [instruments.data],
  );
  useSnapshotSeed(rows);
  useQuoteSubscription(rows);
  const selected = instrument?.symbol;
  const first = rows[0];
  useEffect(() => {
    if (!selected && first) setInstrument({ symbol: first.symbol, category: asCategory(first.category) });
  }, [selected, first, setInstrument]);

  const error = lists.error ?? instruments.error;
  return (
    <Panel
      title="Watchlist"
      className="watchlist"
      actions={
        <select
          className="select"
          value={watchlistId ?? ''}
          onChange={(e) => updateSettings({ watchlistId: e.target.value })}
          aria-label="Choose watchlist"
        >
          {(lists.data ?? []).map((w) => (
            <option key={w.watchlist_id} value={w.watchlist_id}>
              {w.name}
            </option>
          ))}
        </select>
      }
      meta={`${rows.length} symbols`}
      error={error}
      onRetry={() => {
        void lists.refetch();
        void instruments.refetch();
      }}
      loading={(lists.isLoading || instruments.isLoading) && 'Loading watchlist…'}
      empty={
        lists.data?.length === 0
          ? 'No watchlists yet'
          : rows.length === 0 && !instruments.isLoading && watchlistId
            ? 'This watchlist is empty'
            : false
      }
    >
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
                onSelect={() => setInstrument({ symbol: r.symbol, category: asCategory(r.category) })}
              />
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

function asCategory(category: string): 'US_STOCK' | 'US_ETF' {
  return category === 'US_ETF' ? 'US_ETF' : 'US_STOCK';
}
