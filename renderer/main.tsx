import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The app-wide sheets come first, so feature styles (imported by their components) win ties.
import 'dockview-react/dist/styles/dockview.css';
import './ui/tokens.css';
import './ui/base.css';
import './ui/controls.css';
import './shell/workspace/dock.css';
import { App } from './shell/App';
import { ErrorBoundary } from './ui/ErrorBoundary';

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
