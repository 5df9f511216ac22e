import { useQuery, type QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { ScreenerPage, SectorPage } from '../../../shared/openapi/records/screeners';
import { apiQuery } from '../../lib/queries';
import type { ScreenerSettings } from './screener-kinds';

/** How often a screener refreshes itself; refreshes go at background priority (docs/ui.md). */
const SCREENER_REFRESH_MS = 30_000;
// No placeholder rows while new parameters load: rows of another category or screener shown
// under the new heading would be misread (and could be clicked).
const timed = { refetchInterval: SCREENER_REFRESH_MS, backgroundRefresh: true };
// The five ranked-instrument operations share one reply shape (a page of screener rows).
type RowsQuery = UseQueryOptions<ScreenerPage, Error, ScreenerPage, readonly unknown[]>;
const rowsQuery = (q: unknown) => q as RowsQuery;

/** The rows query (instruments) of the settings, one page of `pageSize`. */
function rowsOptions(s: ScreenerSettings, page: number, pageSize: number) {
  const base = { category: s.category, page_index: page, page_size: pageSize };
  const sorting = s.sortBy ? { sort_by: s.sortBy, direction: s.sortDir } : {};
  const drill = s.kind === 'marketSectors' && s.sector !== undefined;
  return rowsQuery(
    drill
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
            : apiQuery('api.gainersLosers', { rank_type: s.gainersLosers, ...base, ...sorting }, timed),
  );
}

/** The sectors (or industries) query of the settings, one page of `pageSize`. */
function sectorsOptions(s: ScreenerSettings, page: number, pageSize: number, enabled = true) {
  return apiQuery(
    'api.marketSectors',
    { agg_type: s.aggType, period: s.period, category: s.category, page_index: page, page_size: pageSize },
    { ...timed, enabled },
  );
}

/** The query the settings and page ask for (only the active kind's query runs). */
export function useScreener(s: ScreenerSettings, page: number) {
  const drill = s.kind === 'marketSectors' && s.sector !== undefined;
  const showingSectors = s.kind === 'marketSectors' && !drill;
  const rows = useQuery({ ...rowsOptions(s, page, s.pageSize), enabled: !showingSectors });
  const sectors = useQuery(sectorsOptions(s, page, s.pageSize, showingSectors));
  return { rows, sectors, drill, showingSectors };
}

/** The largest page the screener operations take (the catalogue's `page_size` bound). */
const EXPORT_PAGE_SIZE = 200;
/** Pages an export reads at most (the universe's 1,023 instruments are 6). */
const EXPORT_MAX_PAGES = 50;

/** Every page of a result, in order, until its `total` is read (bounded). */
async function allItems<T>(
  fetchPage: (page: number) => Promise<{ total: number; items: T[] }>,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= EXPORT_MAX_PAGES; page++) {
    const reply = await fetchPage(page);
    items.push(...reply.items);
    if (reply.items.length === 0 || items.length >= reply.total) break;
  }
  return items;
}

/** Every row of the settings' result (not just the page shown), for a CSV export. */
export function fetchEveryRow(client: QueryClient, s: ScreenerSettings) {
  const showingSectors = s.kind === 'marketSectors' && s.sector === undefined;
  return showingSectors
    ? allItems((page) => client.fetchQuery(sectorsOptions(s, page, EXPORT_PAGE_SIZE)) as Promise<SectorPage>)
    : allItems((page) => client.fetchQuery(rowsOptions(s, page, EXPORT_PAGE_SIZE)));
}
