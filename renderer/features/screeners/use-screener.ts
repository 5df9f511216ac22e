import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { ScreenerPage } from '../../../shared/openapi/records/screeners';
import { apiQuery } from '../../lib/queries';
import type { ScreenerSettings } from './screener-kinds';

/** How often a screener refreshes itself; refreshes go at background priority (docs/ui.md). */
export const SCREENER_REFRESH_MS = 30_000;
// No placeholder rows while new parameters load: rows of another category or screener shown
// under the new heading would be misread (and could be clicked).
const timed = { refetchInterval: SCREENER_REFRESH_MS, backgroundRefresh: true };
// The five ranked-instrument operations share one reply shape (a page of screener rows).
type RowsQuery = UseQueryOptions<ScreenerPage, Error, ScreenerPage, readonly unknown[]>;
const rowsQuery = (q: unknown) => q as RowsQuery;

/** The query the settings and page ask for (only the active kind's query runs). */
export function useScreener(s: ScreenerSettings, page: number) {
  const base = { category: s.category, page_index: page, page_size: s.pageSize };
  const sorting = s.sortBy ? { sort_by: s.sortBy, direction: s.sortDir } : {};
  const drill = s.kind === 'marketSectors' && s.sector !== undefined;
  const showingSectors = s.kind === 'marketSectors' && !drill;
  const rowsOptions = drill
    ? apiQuery(
        'api.marketSectorsDetail',
        { sector_id: s.sector?.id ?? '', period: s.period, ...base, ...sorting },
        timed,
      )
    : s.kind === 'topActive'
      ? apiQuery('api.topActive', { rank_type: s.topActive, ...base, ...sorting }, timed)
      : s.kind === 'highDividend'
        ? apiQuery('api.highDividend', { ...base, ...sorting }, timed)
        : s.kind === 'week52HighLow'
          ? apiQuery('api.week52HighLow', { rank_type: s.week52, ...base, ...sorting }, timed)
          : apiQuery('api.gainersLosers', { rank_type: s.gainersLosers, ...base, ...sorting }, timed);
  const rows = useQuery({ ...rowsQuery(rowsOptions), enabled: !showingSectors });
  const sectors = useQuery(
    apiQuery(
      'api.marketSectors',
      { agg_type: s.aggType, period: s.period, ...base },
      { ...timed, enabled: showingSectors },
    ),
  );
  return { rows, sectors, drill, showingSectors };
}
