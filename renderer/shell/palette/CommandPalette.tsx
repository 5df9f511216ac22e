import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useEffect, useId, useMemo, useState } from 'react';
import type { InstrumentHit } from '../../../shared/ipc/instrument-search';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { errorMessage } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';
import { useInstrumentSearch } from '../../lib/use-instrument-search';
import { createWatchlist, changeWorkspace } from './actions';
import { buildCommands, groupsOf, type PaletteCommand, type PalettePage } from './commands';
import { ModalDialog } from '../../ui/ModalDialog';
import { useOverlays } from './palette-store';
import { symbolTarget } from './targets';
import styles from './Palette.module.css';
import { paletteFilter } from './match';

const symbolValue = (h: InstrumentHit) => `symbol ${h.symbol} ${h.name}`;

/** The command palette (Ctrl/Cmd+K): symbols, panels, panel commands, timespans, watchlists, workspaces. */
export function CommandPalette() {
  const open = useOverlays((s) => s.palette);
  return open ? <PaletteDialog /> : null;
}

function PaletteDialog() {
  const hide = useOverlays((s) => s.hide);
  const queryClient = useQueryClient();
  const [page, setPage] = useState<PalettePage>('root');
  const [search, setSearch] = useState('');
  // A command that fails (a write main refused) keeps the palette open with the error; a choice
  // the palette itself refuses (no linked panel for a symbol) is said the same way.
  const command = useMutation({
    mutationFn: async (c: PaletteCommand) => c.run(),
    onSuccess: (_done, c) => {
      if (!c.keepOpen) hide();
    },
  });
  const [refusal, setRefusal] = useState<string>();
  const error = refusal ?? (command.error ? errorMessage(command.error) : undefined);
  const busy = command.isPending;
  const setError = (message: string | undefined) => {
    setRefusal(message);
    command.reset();
  };
  const workspace = useQuery(apiQuery('workspace.get', {}, { staleTime: Infinity, gcTime: Infinity }));
  const commands = useMemo(
    () => buildCommands(queryClient, workspace.data, setPage),
    [queryClient, workspace.data],
  );
  const symbols = useInstrumentSearch(search, 8);
  const { query, hits } = symbols;
  // The highlighted entry (cmdk's `value`). A symbol typed in full wins over commands that merely
  // contain its letters, so "MSFT" + Enter jumps to MSFT.
  const [selected, setSelected] = useState('');
  const exact = hits.find((h) => h.symbol.toUpperCase() === query.toUpperCase());
  const exactValue = exact ? symbolValue(exact) : undefined;
  useEffect(() => {
    if (exactValue) setSelected(exactValue);
  }, [exactValue]);

  const run = (c: PaletteCommand) => {
    setRefusal(undefined);
    command.mutate(c);
  };
  const jump = (hit: InstrumentHit) => {
    const target = symbolTarget();
    if (!target) {
      setError('Open a linked panel (watchlist, chart, quote…) to show a symbol.');
      return;
    }
    useWorkspaceStore.getState().setInstrument(target, { symbol: hit.symbol, category: hit.category });
    hide();
  };

  if (page !== 'root')
    return (
      <ModalDialog className={styles.palette} label="Command palette" onClose={hide}>
        <NameForm
          label={page === 'new-watchlist' ? 'New watchlist name' : 'Workspace name'}
          submit={page === 'new-watchlist' ? 'Create watchlist' : 'Save workspace'}
          busy={busy}
          error={error}
          onBack={() => {
            setError(undefined);
            setPage('root');
          }}
          onSubmit={(name) =>
            run({
              id: page,
              group: '',
              label: '',
              run: () =>
                page === 'new-watchlist'
                  ? createWatchlist(queryClient, name)
                  : changeWorkspace(queryClient, { op: 'saveAs', name }),
            })
          }
        />
      </ModalDialog>
    );

  return (
    <ModalDialog className={styles.palette} label="Command palette" onClose={hide}>
      <Command
        label="Command palette"
        loop
        filter={paletteFilter}
        className={styles.command}
        value={selected}
        onValueChange={setSelected}
      >
        <Command.Input
          className={styles.input}
          value={search}
          onValueChange={setSearch}
          placeholder="Type a symbol or a command…"
          autoFocus
        />
        {error && (
          <div className={styles.error} role="alert">
            {error}
          </div>
        )}
        <Command.List className={styles.list} aria-busy={busy || symbols.isFetching}>
          <Command.Empty className={styles.empty}>
            {symbols.isFetching ? 'Searching…' : 'Nothing matches.'}
          </Command.Empty>
          {hits.length > 0 && (
            <Command.Group heading="Symbols" className={styles.group}>
              {hits.map((h) => (
                <Command.Item
                  key={`${h.category}:${h.symbol}`}
                  value={symbolValue(h)}
                  keywords={[query]}
                  className={styles.item}
                  onSelect={() => jump(h)}
                >
                  <span className={styles.symbol}>{h.symbol}</span>
                  <span className={styles.name}>{h.name}</span>
                  <span className={styles.hint}>{h.category === 'US_ETF' ? 'ETF' : 'Stock'}</span>
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {groupsOf(commands).map(([group, list]) => (
            <Command.Group key={group} heading={group} className={styles.group}>
              {list.map((c) => (
                <Command.Item
                  key={c.id}
                  value={c.label}
                  keywords={c.keywords}
                  className={styles.item}
                  disabled={busy}
                  onSelect={() => run(c)}
                >
                  <span className={styles.label}>{c.label}</span>
                  {c.hint && <span className={styles.hint}>{c.hint}</span>}
                </Command.Item>
              ))}
            </Command.Group>
          ))}
        </Command.List>
      </Command>
    </ModalDialog>
  );
}

function NameForm(props: {
  label: string;
  submit: string;
  busy: boolean;
  error: string | undefined;
  onBack: () => void;
  onSubmit: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const id = useId();
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) props.onSubmit(name.trim());
      }}
    >
      <label htmlFor={id} className={styles.formLabel}>
        {props.label}
      </label>
      <input
        id={id}
        className={styles.input}
        value={name}
        maxLength={64}
        autoFocus
        onChange={(e) => setName(e.target.value)}
      />
      {props.error && (
        <div className={styles.error} role="alert">
          {props.error}
        </div>
      )}
      <div className={styles.formButtons}>
        <button type="button" className="btn" onClick={props.onBack}>
          Back
        </button>
        <button type="submit" className="btn btn--primary" disabled={!name.trim() || props.busy}>
          {props.submit}
        </button>
      </div>
    </form>
  );
}
