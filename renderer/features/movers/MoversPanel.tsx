import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Panel } from '../../ui/Panel';
import type { PanelProps } from '../../ui/panel-types';
import { direction, formatPercent, formatPrice, formatVolume } from '../../lib/format';
import { apiQuery } from '../../lib/queries';
import { livePrice, useLiveQuote } from '../quotes';
import { quoteCategory, useQuoteSubscription } from '../quotes';
import styles from './Movers.module.css';

export type MoversSettings = { rank: 'GAINERS' | 'LOSERS' };

/** Top gainers / losers from the screener API; a click drives the panel's link group. */
export function MoversPanel({
  settings,
  updateSettings,
  instrument,
  setInstrument,
}: PanelProps<MoversSettings>) {
  const rank = settings.rank === 'LOSERS' ? 'LOSERS' : 'GAINERS';
  const movers = useQuery(
    apiQuery('api.gainersLosers', { rank_type: rank, page_size: 12 }, { refetchInterval: 60_000 }),
  );
  const items = useMemo(() => movers.data?.items ?? [], [movers.data]);
  // The ranking is the page's; each row's price and change are the live quote once it streams.
  const streamed = useMemo(
    () => items.map((m) => ({ symbol: m.symbol, category: quoteCategory(m.category) })),
    [items],
  );
  useQuoteSubscription(streamed);
  const choose = (m: { symbol: string; category?: string }) =>
    setInstrument({ symbol: m.symbol, category: quoteCategory(m.category) });
  return (
    <Panel
      title="Movers"
      className="movers"
      actions={
        <div className="seg" role="group" aria-label="Movers ranking">
          {(['GAINERS', 'LOSERS'] as const).map((r) => (
            <button
              key={r}
              type="button"
              className={r === rank ? 'seg-btn seg-btn--on' : 'seg-btn'}
              aria-pressed={r === rank}
              onClick={() => updateSettings({ rank: r })}
            >
              {r === 'GAINERS' ? 'Gainers' : 'Losers'}
            </button>
          ))}
        </div>
      }
      meta="1D"
      error={movers.error}
      onRetry={() => void movers.refetch()}
      loading={movers.isLoading && 'Loading movers…'}
      empty={movers.isSuccess && items.length === 0 && 'No movers right now'}
    >
      <div className={styles.tableWrap}>
        <table className={styles.grid}>
          <colgroup>
            <col style={{ width: '34%' }} />
            <col style={{ width: '22%' }} />
            <col style={{ width: '22%' }} />
            <col style={{ width: '22%' }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Symbol</th>
              <th scope="col" className="num">
                Last
              </th>
              <th scope="col" className="num">
                Chg %
              </th>
              <th scope="col" className="num">
                Volume
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((m) => {
              return (
                <tr
                  key={m.symbol}
                  className={
                    m.symbol === instrument?.symbol ? `${styles.row} ${styles.selected}` : styles.row
                  }
                  tabIndex={0}
                  aria-current={m.symbol === instrument?.symbol ? 'true' : undefined}
                  onClick={() => choose(m)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      choose(m);
                    }
                  }}
                >
                  <td>
                    <span className={styles.sym}>{m.symbol}</span>{' '}
                    <span className={styles.symName}>{m.name}</span>
                  </td>
                  <MoverFigures symbol={m.symbol} price={m.price} changeRatio={m.change_ratio} />
                  <td className="num dim">{formatVolume(m.volume)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

/** A row's last and change %: the streamed quote's, the page's only before the first one. */
function MoverFigures({
  symbol,
  price,
  changeRatio,
}: {
  symbol: string;
  price?: string;
  changeRatio?: string;
}) {
  const live = useLiveQuote(symbol);
  const ratio = live?.price ? live.changeRatio : changeRatio;
  return (
    <>
      <td className="num">{formatPrice(livePrice(live, price))}</td>
      <td className={`num ${direction(ratio)}`}>{formatPercent(ratio)}</td>
    </>
  );
}
