import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Panel } from '../../ui/Panel';
import type { PanelProps } from '../../ui/panel-types';
import { useQuoteStore, type LiveQuote } from '../quotes';
import { useQuoteSubscription } from '../quotes';
import {
  COLUMNS,
  DEFAULT_COLUMNS,
  moveColumn,
  nextSort,
  orderColumns,
  sortRows,
  visibleColumns,
  withWidths,
  type SortState,
} from './columns';
import { exportWatchlistCsv } from './watchlist-csv';
import { ColumnsDialog, ConfirmDialog, NameDialog } from './Dialogs';
import { downloadText, importSummary, resolveImport } from './import-export';
import { SymbolSearch } from './SymbolSearch';
import { useSnapshotSeed, useWatchlistInstruments, useWatchlists } from './use-watchlist';
import { chooseWatchlistId, watchlistRows } from './first-screen';
import {
  instrumentsKey,
  listsKey,
  useMemberMutations,
  useWatchlistMutations,
  type SymbolRef,
} from './use-watchlist-mutations';
import styles from './Watchlist.module.css';
import { WatchlistGrid, type GridRow } from './WatchlistGrid';
import { renderedRange, SentRows } from './SentRows';
import { requestAlert } from '../alerts';
import type { WatchlistSettings } from './watchlist-settings';

export type { WatchlistSettings } from './watchlist-settings';

type Dialog = 'create' | 'rename' | 'delete' | 'columns' | undefined;

export function WatchlistPanel({
  settings,
  updateSettings,
  instrument,
  setInstrument,
}: PanelProps<WatchlistSettings>) {
  const qc = useQueryClient();
  const lists = useWatchlists();
  const stored = settings.watchlistId;
  const watchlistId = chooseWatchlistId(stored, lists.data);
  const current = lists.data?.find((w) => w.watchlist_id === watchlistId);
  const instruments = useWatchlistInstruments(watchlistId);
  const rows: GridRow[] = useMemo(() => watchlistRows(instruments.data), [instruments.data]);
  useSnapshotSeed(rows);
  const [sort, setSort] = useState<SortState>();
  // While sorted, the panel follows the ORDER only (a string, so equal orders are equal): a batch
  // that moves prices without reordering re-renders neither the panel nor the grid. The order is
  // computed once per store state (the selector also runs at render).
  const orderOf = useMemo(() => {
    let seen: { quotes: Record<string, LiveQuote>; order: string } | undefined;
    return (quotes: Record<string, LiveQuote>) => {
      if (!sort) return '';
      if (seen?.quotes !== quotes) {
        const order = sortRows(rows, sort, (symbol) => quotes[symbol])
          .map((r) => r.symbol)
          .join('\n');
        seen = { quotes, order };
      }
      return seen.order;
    };
  }, [rows, sort]);
  const order = useQuoteStore((s) => orderOf(s.quotes));
  const shown = useMemo(() => {
    if (!order) return rows;
    const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
    return order.split('\n').flatMap((symbol) => bySymbol.get(symbol) ?? []);
  }, [rows, order]);
  // Main streams every row (held); the window is sent only the rows the grid renders, or every
  // row while sorted by a live column, whose order needs them all (docs/streaming.md "Rows off screen").
  // The rendered range lives outside the panel's state: a scroll re-renders only `SentRows`.
  const [rendered] = useState(renderedRange);
  const liveSort = sort !== undefined && COLUMNS[sort.column].numeric;
  useQuoteSubscription(rows, 'hold');
  const [dialog, setDialog] = useState<Dialog>();
  const [notice, setNotice] = useState<{ text: string; undo?: () => void }>();
  const fileInput = useRef<HTMLInputElement>(null);

  const base = useWatchlistMutations((w) => updateSettings({ watchlistId: w.watchlist_id }));
  const members = useMemberMutations(watchlistId ?? '', base);

  // Another window's writes: refetch the lists when this window gains focus (TanStack's own focus
  // refetch listens to visibility only, which does not change between two desktop windows).
  useEffect(() => {
    const onFocus = () =>
      void qc
        .invalidateQueries({ queryKey: [listsKey[0]] })
        .then(() => qc.invalidateQueries({ queryKey: [instrumentsKey('')[0]] }));
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [qc]);

  const selected = instrument?.symbol;
  const first = rows[0];
  useEffect(() => {
    if (!selected && first) setInstrument({ symbol: first.symbol, category: first.category });
  }, [selected, first, setInstrument]);

  const choose = useCallback(
    (r: GridRow) => setInstrument({ symbol: r.symbol, category: r.category }),
    [setInstrument],
  );
  const refs = (list: readonly GridRow[]): SymbolRef[] =>
    list.map(({ symbol, category }) => ({ symbol, category }));
  const removeRow = (r: GridRow) => {
    const before = refs(rows);
    base.setFailure(undefined);
    members.removeSymbols.mutate([r]);
    setNotice({
      text: `Removed ${r.symbol}`,
      undo: () => {
        members.add.mutate([{ ...r }]);
        members.reorder.mutate(before);
        setNotice(undefined);
      },
    });
  };
  const moveRow = (from: number, to: number) => {
    const next = [...shown];
    const [item] = next.splice(from, 1);
    if (!item) return;
    next.splice(to, 0, item);
    base.setFailure(undefined);
    members.reorder.mutate(refs(next));
  };
  const onImport = async (file: File) => {
    const result = await resolveImport(await file.text());
    const have = new Set(rows.map((r) => r.symbol));
    const fresh = result.known.filter((h) => !have.has(h.symbol));
    if (fresh.length) members.add.mutate(fresh);
    setNotice({ text: importSummary(result, fresh.length) });
  };

  // Stable between renders so memoised rows are not re-rendered by a new array.
  const columns = useMemo(
    () =>
      withWidths(
        orderColumns(visibleColumns(settings.columns, Boolean(settings.extendedHours)), settings.columnOrder),
        settings.columnWidths,
      ),
    [settings.columns, settings.extendedHours, settings.columnWidths, settings.columnOrder],
  );
  const error = lists.error ?? instruments.error;
  return (
    <Panel
      title="Watchlist"
      className="watchlist"
      meta={`${rows.length} symbols`}
      actions={
        <>
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
          <button type="button" className="btn" onClick={() => setDialog('create')}>
            New list
          </button>
          <button type="button" className="btn" disabled={!current} onClick={() => setDialog('rename')}>
            Rename list
          </button>
          <button type="button" className="btn" disabled={!current} onClick={() => setDialog('delete')}>
            Delete list
          </button>
        </>
      }
      error={error}
      onRetry={() => {
        void lists.refetch();
        void instruments.refetch();
      }}
      loading={(lists.isLoading || instruments.isLoading) && 'Loading watchlist…'}
    >
      <div className={styles.toolbar}>
        {watchlistId && <SymbolSearch onPick={(h) => members.add.mutate([h])} />}
        <button
          type="button"
          className="btn"
          disabled={!watchlistId}
          onClick={() => fileInput.current?.click()}
        >
          Import CSV
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          hidden
          aria-label="CSV file to import"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f)
              void onImport(f).catch((err: unknown) => setNotice({ text: `Import failed: ${String(err)}` }));
          }}
        />
        <button
          type="button"
          className="btn"
          disabled={rows.length === 0}
          onClick={() => {
            const q = useQuoteStore.getState().quotes;
            const csv = exportWatchlistCsv(
              rows.map((r) => ({ symbol: r.symbol, name: r.name, last: q[r.symbol]?.price })),
            );
            downloadText(`${current?.name ?? 'watchlist'}.csv`, csv);
          }}
        >
          Export CSV
        </button>
        <button type="button" className="btn" onClick={() => setDialog('columns')}>
          Columns
        </button>
        <button
          type="button"
          className="btn"
          aria-pressed={Boolean(settings.dense)}
          onClick={() => updateSettings({ dense: !settings.dense })}
        >
          Dense
        </button>
        <button
          type="button"
          className="btn"
          aria-pressed={Boolean(settings.extendedHours)}
          onClick={() => updateSettings({ extendedHours: !settings.extendedHours })}
        >
          Extended hours
        </button>
      </div>
      {base.failure && (
        <div role="alert" className={`${styles.message} ${styles.failure}`}>
          {base.failure}
          <button type="button" className="btn" onClick={() => base.setFailure(undefined)}>
            Dismiss
          </button>
        </div>
      )}
      {notice && (
        <div role="status" className={styles.message}>
          {notice.text}
          {notice.undo && (
            <button type="button" className="btn" onClick={notice.undo}>
              Undo
            </button>
          )}
          <button
            type="button"
            className="btn"
            onClick={() => setNotice(undefined)}
            aria-label="Dismiss message"
          >
            ×
          </button>
        </div>
      )}
      {lists.data?.length === 0 ? (
        <p className={styles.hint}>No watchlists yet: create one with “New list”.</p>
      ) : rows.length === 0 && !instruments.isLoading ? (
        <p className={styles.hint}>This watchlist is empty: add symbols with the search box.</p>
      ) : (
        <>
          <SentRows rows={liveSort ? rows : shown} all={liveSort} range={rendered} />
          <WatchlistGrid
            label={`Watchlist ${current?.name ?? ''}`}
            rows={shown}
            columns={columns}
            sort={sort}
            onSort={(c) => setSort((s) => nextSort(s, c))}
            onRenderedRange={rendered.set}
            onResize={(c, w) => {
              const { [c]: _old, ...rest } = settings.columnWidths ?? {};
              updateSettings({ columnWidths: w === undefined ? rest : { ...rest, [c]: w } });
            }}
            onMoveColumn={(shownIds, id, to) =>
              updateSettings({
                columnOrder: moveColumn(shownIds, settings.columnOrder ?? columns.map((c) => c.id), id, to),
              })
            }
            dense={Boolean(settings.dense)}
            selected={selected}
            onChoose={choose}
            onRemove={removeRow}
            onAlert={(r) =>
              requestAlert({
                symbol: r.symbol,
                category: r.category,
                value: useQuoteStore.getState().quotes[r.symbol]?.price,
              })
            }
            onMove={moveRow}
          />
        </>
      )}
      {dialog === 'create' && (
        <NameDialog
          title="New watchlist"
          initial=""
          submitLabel="Create"
          onSubmit={(n) => base.create.mutate(n)}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog === 'rename' && current && (
        <NameDialog
          title="Rename watchlist"
          initial={current.name}
          submitLabel="Rename"
          onSubmit={(n) => base.rename.mutate({ id: current.watchlist_id, name: n })}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog === 'delete' && current && (
        <ConfirmDialog
          title="Delete watchlist"
          text={`Delete the watchlist “${current.name}” and its ${rows.length} symbols?`}
          confirmLabel="Delete"
          onConfirm={() => base.remove.mutate(current.watchlist_id)}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog === 'columns' && (
        <ColumnsDialog
          chosen={settings.columns ?? DEFAULT_COLUMNS}
          onChange={(next) => updateSettings({ columns: next })}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Panel>
  );
}
