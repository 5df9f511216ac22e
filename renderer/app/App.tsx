import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { BridgeError, invoke } from '../lib/bridge';
import { ActivityPanel } from '../features/activity/ActivityPanel';
import { SelectionChartPanel as ChartPanel } from '../features/chart/SelectionChartPanel';
import { MoversPanel } from '../features/movers/MoversPanel';
import { QuoteDetailPanel } from '../features/quote-detail/QuoteDetailPanel';
import { useQuoteStore } from '../features/quotes/quote-store';
import { useSelection } from '../features/quotes/selection-store';
import { SettingsPanel } from '../features/settings/SettingsPanel';
import { useSettingsShortcut } from '../features/settings/settings-store';
import { TopBar } from '../features/status/TopBar';
import { useStreamValue } from '../features/status/use-stream';
import { WatchlistPanel } from '../features/watchlist/WatchlistPanel';
import { ErrorBoundary } from './ErrorBoundary';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Main already retries retryable GETs; retry here only what the error says is retryable.
      retry: (count, error) => count < 2 && error instanceof BridgeError && error.retryable,
      refetchOnWindowFocus: false,
      staleTime: 15_000,
    },
  },
});

const params = new URLSearchParams(window.location.search);
const panel = params.get('panel') ?? 'workstation';
const recovered = params.get('recovered');

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

function Workstation() {
  return (
    <div className="workstation">
      <div className="column">
        <ErrorBoundary name="Watchlist">
          <WatchlistPanel />
        </ErrorBoundary>
        <ErrorBoundary name="Movers">
          <MoversPanel />
        </ErrorBoundary>
      </div>
      <ErrorBoundary name="Chart">
        <ChartPanel />
      </ErrorBoundary>
      <div className="column column--right">
        <ErrorBoundary name="Quote">
          <QuoteDetailPanel />
        </ErrorBoundary>
        <ErrorBoundary name="Activity">
          <ActivityPanel />
        </ErrorBoundary>
      </div>
    </div>
  );
}

function SinglePanel() {
  return (
    <div className="single">
      <ErrorBoundary name={panel}>{panel === 'chart' ? <ChartPanel /> : <WatchlistPanel />}</ErrorBoundary>
    </div>
  );
}

/**
 * On a switch of environment, what the renderer holds of the previous one goes: its cached replies
 * (same keys, other server), its streamed quotes and the selected symbol (the new watchlist picks
 * its first). Layout effect: before the remounted panels paint.
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
    useSelection.getState().reset();
  }, [activeId, client]);
}

/**
 * The panels, remounted when the active environment changes: their local choices (the chosen
 * watchlist, …) are ids of the previous environment and mean nothing in the next one.
 */
function Panels() {
  const envs = useQuery({ queryKey: ['environments.list', {}], queryFn: () => invoke('environments.list') });
  const key = envs.data?.activeId ?? 'unknown';
  useForgetOtherEnvironment(envs.data?.activeId);
  // Wait for the first answer (one IPC round trip) so the panels do not mount twice at start.
  if (envs.isPending) return <div className="workstation" />;
  return panel === 'workstation' ? <Workstation key={key} /> : <SinglePanel key={key} />;
}

function Shell() {
  useSettingsShortcut();
  return (
    <div className="app">
      <ErrorBoundary name="Top bar">
        <TopBar />
      </ErrorBoundary>
      <RecoveredBanner />
      <Panels />
      <ErrorBoundary name="Settings">
        <SettingsPanel />
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
