import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';
import 'dockview-react/dist/styles/dockview.css';
import './app/tokens.css';
import './styles.css';
import './app/workspace/dock.css';

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
