import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BridgeError } from '../lib/bridge';
import { ActivityPanel } from '../features/activity/ActivityPanel';
import { ChartPanel } from '../features/chart/ChartPanel';
import { MoversPanel } from '../features/movers/MoversPanel';
import { QuoteDetailPanel } from '../features/quote-detail/QuoteDetailPanel';
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

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeFollower />
      <div className="app">
        <ErrorBoundary name="Top bar">
          <TopBar />
        </ErrorBoundary>
        <RecoveredBanner />
        {panel === 'workstation' ? <Workstation /> : <SinglePanel />}
      </div>
    </QueryClientProvider>
  );
}
