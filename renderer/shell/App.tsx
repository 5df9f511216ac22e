import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { WINDOW_VIEWS, type WindowView } from '../../shared/ui/panels';
import { useQuoteStore } from '../features/quotes/quote-store';
import { ShortcutsHelp } from './palette/ShortcutsHelp';
import { useGlobalShortcuts } from './palette/shortcuts';
import { Toaster } from 'sonner';
import { useSettingsPanel, useSettingsShortcut } from '../features/settings/settings-store';
import { useOverlays } from './palette/palette-store';
import { useTradeEvents } from '../features/orders/use-trade-events';
import { useAlertToasts } from '../features/alerts/use-alert-toasts';
import { TopBar } from './top-bar/TopBar';
import { useStreamValue } from '../lib/use-stream';
import { apiQuery, createAppQueryClient } from '../lib/queries';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { ErrorState } from '../ui/Panel';
import { useLinkBus } from './workspace/link-bus';
import { PopOut } from './workspace/PopOut';
import { Dock } from './workspace/Dock';
import { panelsOpenedBy } from './workspace/default-layout';
import { preloadPanels } from './panels/registry';
import { firstPriceShown, onFirstPriceShown } from '../lib/first-price-shown';
import { preloadAfterFirstScreen } from './preload-after-first-screen';
import { prefetchFirstScreen } from '../features/watchlist/first-screen';
import { useDockControl } from './workspace/dock-control';
import { useWorkspaceStore } from './workspace/workspace-store';
import './app.css';

const queryClient = createAppQueryClient();

// Settings and the command palette open on demand: their code, and the schemas their forms check
// input with, load on first use or once the first screen shows prices and leaves the thread idle,
// never before (docs/ui.md "Start"). Their shortcuts live in the first screen's code, so they always answer.
const loadSettings = () => import('./settings/SettingsPanel');
const loadPalette = () => import('./palette/CommandPalette');
const SettingsPanel = lazy(() => loadSettings().then((m) => ({ default: m.SettingsPanel })));
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));

function usePreloadOnIdle() {
  useEffect(
    () =>
      preloadAfterFirstScreen(
        () => void Promise.all([loadSettings(), loadPalette()]).catch(() => undefined),
        {
          hasPrices: firstPriceShown,
          onChange: onFirstPriceShown,
          // Chromium has requestIdleCallback; the timeout bounds the wait on a window never idle.
          whenIdle: (run) => {
            const id = requestIdleCallback(run, { timeout: 5_000 });
            return () => cancelIdleCallback(id);
          },
          after: (ms, run) => {
            const id = setTimeout(run, ms);
            return () => clearTimeout(id);
          },
          latestMs: 10_000,
        },
      ),
    [],
  );
}

/** An on-demand dialog: nothing while closed, an announced loading line while its code arrives. */
function OnDemand({ open, name, children }: { open: boolean; name: string; children: ReactNode }) {
  if (!open) return null;
  return (
    <Suspense
      fallback={
        <div className="overlay-loading" role="status">
          Loading {name}…
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

const params = new URLSearchParams(window.location.search);
const requested = params.get('panel') ?? 'workstation';
const view: WindowView = (WINDOW_VIEWS as readonly string[]).includes(requested)
  ? (requested as WindowView)
  : 'workstation';
const recovered = params.get('recovered');

// The first screen's calls go out now, as the code starts, not after the first render: the
// workspace (and with its answer the code of the panels it opens, fetched while the shell renders,
// not one by one as the dock mounts them) and the environments (docs/ui.md "Start").
const workspaceQuery = apiQuery('workspace.get', {}, { staleTime: Infinity, gcTime: Infinity });
if (view === 'workstation') {
  // The first price on screen is the watchlist's: main picks its lists from the same workspace,
  // so this goes out beside the workspace's call, not after its answer, and needs no panel code.
  void prefetchFirstScreen(queryClient).catch(() => undefined);
  void queryClient.fetchQuery(workspaceQuery).then(
    (info) => preloadPanels(panelsOpenedBy(info.state)),
    () => undefined, // the Workstation shows the error and offers a retry
  );
}
void queryClient.prefetchQuery(apiQuery('environments.list', {}));

function ThemeFollower() {
  const theme = useStreamValue('theme');
  useEffect(() => {
    document.documentElement.dataset.theme = theme?.dark === false ? 'light' : 'dark';
  }, [theme?.dark]);
  return null;
}

function RecoveredBanner() {
  const [open, setOpen] = useState(Boolean(recovered));
  if (!open) return null;
  return (
    <div className="banner" role="alert">
      {recovered === 'unresponsive'
        ? 'This window stopped responding and was reloaded.'
        : 'This window crashed and was reloaded.'}{' '}
      Your data is safe.
      <button type="button" onClick={() => setOpen(false)}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * On a switch of environment, what the renderer holds of the previous one goes: its cached replies
 * (same keys, other server), its streamed quotes and the link groups' instruments (the new
 * watchlist picks its first). Layout effect: before the remounted panels paint.
 */
function useForgetOtherEnvironment(activeId: string | undefined) {
  const client = useQueryClient();
  const seen = useRef(activeId);
  useLayoutEffect(() => {
    if (activeId === undefined || seen.current === activeId) return;
    const first = seen.current === undefined;
    seen.current = activeId;
    if (first) return;
    client.removeQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('api.') });
    useQuoteStore.getState().reset();
    useWorkspaceStore.getState().clearInstruments();
  }, [activeId, client]);
}

/** The main window: the docking workspace, restored from main's workspace file. */
function Workstation() {
  const generation = useDockControl((s) => s.generation);
  const workspace = useQuery(workspaceQuery);
  if (workspace.error)
    return (
      <div className="workstation-state">
        <ErrorState error={workspace.error} onRetry={() => void workspace.refetch()} />
      </div>
    );
  if (!workspace.data)
    return (
      <div className="workstation-state" role="status">
        Loading workspace…
      </div>
    );
  return <Dock key={`${workspace.data.active}:${generation}`} info={workspace.data} />;
}

function Panels() {
  const envs = useQuery(apiQuery('environments.list', {}));
  useForgetOtherEnvironment(envs.data?.activeId);
  useLinkBus();
  // Wait for the first answer (one IPC round trip) so the panels do not mount twice at start.
  if (envs.isPending)
    return (
      <div className="workstation-state" role="status">
        Starting…
      </div>
    );
  if (envs.error)
    return (
      <div className="workstation-state">
        <ErrorState error={envs.error} onRetry={() => void envs.refetch()} />
      </div>
    );
  return view === 'workstation' ? <Workstation /> : <PopOut key={envs.data.activeId} panel={view} />;
}

function Shell() {
  useSettingsShortcut();
  useGlobalShortcuts();
  useTradeEvents();
  useAlertToasts();
  usePreloadOnIdle();
  const settingsOpen = useSettingsPanel((s) => s.open);
  const paletteOpen = useOverlays((s) => s.palette);
  return (
    <div className="app">
      <Toaster position="bottom-right" richColors closeButton />
      <ErrorBoundary name="Top bar">
        <TopBar workspaceMenu={view === 'workstation'} />
      </ErrorBoundary>
      <RecoveredBanner />
      <Panels />
      <ErrorBoundary name="Settings">
        <OnDemand open={settingsOpen} name="settings">
          <SettingsPanel />
        </OnDemand>
      </ErrorBoundary>
      <ErrorBoundary name="Command palette">
        <OnDemand open={paletteOpen} name="the command palette">
          <CommandPalette />
        </OnDemand>
        <ShortcutsHelp />
      </ErrorBoundary>
    </div>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeFollower />
      <Shell />
    </QueryClientProvider>
  );
}
