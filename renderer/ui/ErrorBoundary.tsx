import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorMessage } from '../lib/bridge';

/** No blank screens: a panel that throws shows what happened and a retry. */
interface Props {
  name: string;
  children: ReactNode;
}
interface State {
  error: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`panel ${this.props.name} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return (
      <div className="panel-error" role="alert">
        <div className="panel-error__title">{this.props.name} stopped working</div>
        <div className="panel-error__message">{errorMessage(this.state.error)}</div>
        <button type="button" onClick={() => this.setState({ error: undefined })}>
          Retry
        </button>
      </div>
    );
  }
}

export function ErrorMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }): ReactNode {
  return (
    <div className="panel-error" role="alert">
      <div className="panel-error__message">{errorMessage(error)}</div>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
