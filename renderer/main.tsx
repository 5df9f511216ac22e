import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The app-wide sheets come first, so feature styles (imported by their components) win ties.
import 'dockview-react/dist/styles/dockview.css';
import './app/tokens.css';
import './app/base.css';
import './app/controls.css';
import './app/workspace/dock.css';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary name="Bullpen">
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
}
