import type { ReactNode } from 'react';
import { BridgeError, errorMessage } from '../lib/bridge';
import { usePanelInstance } from './panel-context';
import styles from './Panel.module.css';

/**
 * The one frame every panel draws itself in: header (title, meta, actions, and the shell's link group
 * and pop-out: ./panel-context.ts)
 * and exactly one of loading / error / empty / content, so no panel is ever a blank box.
 */
export interface PanelFrameProps {
  title: string;
  meta?: ReactNode;
  actions?: ReactNode;
  className?: string;
  /** True or a label ("Loading watchlist…") while the first data is on its way. */
  loading?: boolean | string;
  error?: unknown;
  onRetry?: () => void;
  /** A message when there is nothing to show (false/undefined: there is). */
  empty?: string | false;
  children?: ReactNode;
}

export function Panel({
  title,
  meta,
  actions,
  className,
  loading,
  error,
  onRetry,
  empty,
  children,
}: PanelFrameProps) {
  const instance = usePanelInstance();
  let body: ReactNode = children;
  if (error) body = <ErrorState error={error} onRetry={onRetry} />;
  else if (loading)
    body = (
      <div className={styles.state} role="status">
        {typeof loading === 'string' ? loading : 'Loading…'}
      </div>
    );
  else if (empty)
    body = (
      <div className={styles.state} role="status">
        {empty}
      </div>
    );
  return (
    <section className={`${styles.panel} ${className ?? ''}`} aria-label={title}>
      <header className={styles.head}>
        <h2 className={instance?.inDock ? 'visually-hidden' : styles.title}>{title}</h2>
        {actions}
        <span className={styles.meta}>{meta}</span>
        {instance?.headerControls?.(title)}
      </header>
      <div className={styles.body}>{body}</div>
    </section>
  );
}

/** An error with its code and message, and a retry when the caller can retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const code = error instanceof BridgeError ? error.code : undefined;
  return (
    <div className={styles.error} role="alert">
      {code && <code className={styles.code}>{code}</code>}
      <span className={styles.message}>{errorMessage(error)}</span>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
