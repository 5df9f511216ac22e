import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorMessage } from '../../app/ErrorBoundary';
import { invoke } from '../../lib/bridge';
import { direction, formatPercent, formatPrice, formatVolume } from '../../lib/format';
import { useSelection } from '../quotes/selection-store';

/** Top gainers / losers from the screener API; a click puts the symbol on the chart. */
export function MoversPanel() {
  const [rank, setRank] = useState<'GAINERS' | 'LOSERS'>('GAINERS');
  const select = useSelection((s) => s.select);
  const selected = useSelection((s) => s.symbol);
  const movers = useQuery({
    queryKey: ['api.gainersLosers', { rank_type: rank, page_size: 12 }],
    queryFn: () => invoke('api.gainersLosers', { rank_type: rank, page_size: 12 }),
    refetchInterval: 60_000,
  });
  return (
    <section className="panel movers" aria-label="Movers">
      <header className="panel-head">
        <span className="panel-title">Movers</span>
        <div className="seg" role="group" aria-label="Movers ranking">
          {(['GAINERS', 'LOSERS'] as const).map((r) => (
            <button
              key={r}
              type="button"
              className={r === rank ? 'seg-btn seg-btn--on' : 'seg-btn'}
              onClick={() => setRank(r)}
            >
              {r === 'GAINERS' ? 'Gainers' : 'Losers'}
            </button>
          ))}
        </div>
        <span className="panel-meta">1D</span>
      </header>
      {movers.error ? (
        <ErrorMessage error={movers.error} onRetry={() => void movers.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="grid grid--compact">
            <colgroup>
              <col style={{ width: '34%' }} />
              <col style={{ width: '22%' }} />
              <col style={{ width: '22%' }} />
              <col style={{ width: '22%' }} />
            </colgroup>
            <tbody>
              {(movers.data?.items ?? []).map((m) => {
                const dir = direction(m.change_ratio);
                return (
                  <tr
                    key={m.symbol}
                    className={m.symbol === selected ? 'row row--selected' : 'row'}
                    onClick={() => select(m.symbol, m.category)}
                  >
                    <td>
                      <span className="sym">{m.symbol}</span> <span className="sym-name">{m.name}</span>
                    </td>
                    <td className="num">{formatPrice(m.price)}</td>
                    <td className={`num ${dir}`}>{formatPercent(m.change_ratio)}</td>
                    <td className="num dim">{formatVolume(m.volume)}</td>
                  </tr>
                );
              })}
              {movers.isLoading && (
                <tr>
                  <td colSpan={4} className="loading">
                    Loading movers…
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
