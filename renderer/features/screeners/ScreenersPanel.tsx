import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Decimal } from '../../../shared/decimal';
import type { ScreenerRow, SectorRow } from '../../../shared/openapi/records/screeners';
import { marketTimeAt } from '../../../shared/market/market-clock';
import { Panel } from '../../ui/Panel';
import { StateBody } from '../../ui/StateBody';
import type { PanelProps } from '../../ui/panel-types';
import { DataTable, type TableSort } from './DataTable';
import { ScreenerControls } from './ScreenerControls';
import {
  DEFAULT_SCREENER_SETTINGS,
  SCREENER_KINDS,
  SECTOR_COLUMNS,
  columnsFor,
  toCsv,
  type Column,
  type ScreenerSettings,
} from './screener-kinds';
import { formatEtLabelled } from '../../lib/time';
import { useStreamValue } from '../../lib/use-stream';
import styles from './Screeners.module.css';
import { fetchEveryRow, useScreener } from './use-screener';
import { errorMessage } from '../../lib/bridge';

export type { ScreenerSettings } from './screener-kinds';

function download(name: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function sortLocally<R>(rows: R[], columns: Column<R>[], sort: TableSort | undefined): R[] {
  const col = columns.find((c) => c.key === sort?.key);
  if (!sort || !col?.raw) return rows;
  const value = (r: R) => {
    const v = col.raw?.(r);
    return v && /^-?\d+(\.\d+)?$/.test(v) ? new Decimal(v) : undefined;
  };
  const sign = sort.dir === 'ASC' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (!x || !y) return x ? -1 : y ? 1 : 0; // missing values last
    return sign * x.comparedTo(y);
  });
}

const categoryOf = (row: ScreenerRow, fallback: ScreenerSettings['category']) =>
  row.category === 'US_ETF' || row.category === 'US_STOCK' ? row.category : fallback;

/**
 * The six screener operations in one panel: parameters as labelled selects (persisted), sortable
 * columns (the server sorts, so paging follows), paging, sector drill-down, CSV export, and a
 * row drives the panel's link group. Timed refreshes go at background priority.
 */
export function ScreenersPanel({
  settings,
  updateSettings,
  instrument,
  setInstrument,
}: PanelProps<ScreenerSettings>) {
  const s: ScreenerSettings = { ...DEFAULT_SCREENER_SETTINGS, ...settings };
  const sig = JSON.stringify([
    s.kind,
    s.category,
    s.gainersLosers,
    s.topActive,
    s.week52,
    s.aggType,
    s.period,
    s.sortBy,
    s.sortDir,
    s.pageSize,
    s.sector,
  ]);
  const [paging, setPaging] = useState({ sig, page: 1 });
  const page = paging.sig === sig ? paging.page : 1;
  const paged = useScreener(s, page);
  const drill = paged.drill;
  const [sectorSort, setSectorSort] = useState<TableSort | undefined>();

  const showingSectors = s.kind === 'marketSectors' && !drill;
  const query = showingSectors ? paged.sectors : paged.rows;
  const data = query.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / s.pageSize));
  const columns = columnsFor(s.kind);
  const screenerRows = (!showingSectors ? (paged.rows.data?.items ?? []) : []) as ScreenerRow[];
  const sectorRows = useMemo(
    () => sortLocally((paged.sectors.data?.items ?? []) as SectorRow[], SECTOR_COLUMNS, sectorSort),
    [paged.sectors.data, sectorSort],
  );
  const kindLabel = SCREENER_KINDS.find((k) => k.id === s.kind)?.label ?? 'Screener';
  const caption = drill ? `${s.sector?.name ?? 'Sector'} members` : kindLabel;

  const client = useQueryClient();
  const [exporting, setExporting] = useState<{ busy: boolean; error?: string }>({ busy: false });
  // Every row of the result (all pages), with the wire's raw values: a spreadsheet gets numbers.
  const exportCsv = () => {
    setExporting({ busy: true });
    const name = `screener-${s.kind}${drill ? `-${s.sector?.id}` : ''}.csv`;
    fetchEveryRow(client, s)
      .then((all) => {
        download(
          name,
          showingSectors
            ? toCsv(SECTOR_COLUMNS, all as SectorRow[], 'raw')
            : toCsv(columns, all as ScreenerRow[], 'raw'),
        );
        setExporting({ busy: false });
      })
      .catch((e: unknown) => setExporting({ busy: false, error: errorMessage(e) }));
  };
  // A page is sorted and ranked by its own values, so its rows do not stream: it is labelled as the
  // page it is, at the market time it was fetched (docs/ui.md "Live and stale quotes").
  const marketClock = useStreamValue('connection')?.marketClock;
  const asOf = query.dataUpdatedAt
    ? `page as of ${formatEtLabelled(marketTimeAt(marketClock, query.dataUpdatedAt))}`
    : 'page';
  const setPage = (p: number) => setPaging({ sig, page: Math.min(Math.max(1, p), pages) });

  return (
    <Panel title="Screeners" meta={`${caption} · ${asOf} · refresh 30 s`}>
      <div className={styles.body}>
        <ScreenerControls settings={s} update={updateSettings}>
          <button type="button" className="btn" onClick={exportCsv} disabled={!data || exporting.busy}>
            {exporting.busy ? 'Exporting…' : 'Export CSV'}
          </button>
        </ScreenerControls>
        {exporting.error && (
          <div role="alert" className="panel-error__message">
            Export failed: {exporting.error}
          </div>
        )}
        {drill && (
          <div className={styles.crumb}>
            <button type="button" className="btn" onClick={() => updateSettings({ sector: undefined })}>
              All sectors
            </button>
            <h3 className={styles.crumbTitle}>{s.sector?.name}</h3>
          </div>
        )}
        <StateBody
          error={query.error}
          onRetry={() => void query.refetch()}
          loading={query.isLoading && `Loading ${caption.toLowerCase()}…`}
          empty={
            query.isSuccess && (data?.items.length ?? 0) === 0 && 'Nothing matches these settings right now'
          }
        >
          {showingSectors ? (
            <DataTable
              caption={caption}
              columns={SECTOR_COLUMNS}
              rows={sectorRows}
              rowKey={(r) => r.sector_id}
              sort={sectorSort}
              sortable={(c) => c.raw !== undefined}
              onSort={setSectorSort}
              onChoose={(r) => updateSettings({ sector: { id: r.sector_id, name: r.name } })}
              chooseLabel={(r) => `${r.name}: open its members`}
            />
          ) : (
            <DataTable
              caption={caption}
              columns={columns}
              rows={screenerRows}
              rowKey={(r) => r.symbol}
              sort={s.sortBy ? { key: s.sortBy, dir: s.sortDir } : undefined}
              sortable={(c) => c.sortKey !== undefined}
              onSort={(next) => {
                const col = columns.find((c) => c.key === next.key);
                if (col?.sortKey) updateSettings({ sortBy: col.sortKey, sortDir: next.dir });
              }}
              onChoose={(r) => setInstrument({ symbol: r.symbol, category: categoryOf(r, s.category) })}
              chooseLabel={(r) => `${r.symbol} ${r.name}`}
              selectedKey={instrument?.symbol}
            />
          )}
        </StateBody>
        <nav className={styles.footer} aria-label="Pages">
          <button type="button" className="btn" onClick={() => setPage(page - 1)} disabled={page <= 1}>
            Previous page
          </button>
          <span aria-live="polite">
            Page {page} of {pages} · {total} rows
          </span>
          <button type="button" className="btn" onClick={() => setPage(page + 1)} disabled={page >= pages}>
            Next page
          </button>
        </nav>
      </div>
    </Panel>
  );
}
