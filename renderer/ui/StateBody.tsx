import type { ReactNode } from 'react';
import { ErrorState } from './Panel';
import styles from './Panel.module.css';

/**
 * The frame's loading / error / empty states for one part of a panel, for panels whose controls
 * stay on screen while their content loads (screeners, fundamentals tabs).
 */
export function StateBody({
  loading,
  error,
  onRetry,
  empty,
  children,
}: {
  loading?: boolean | string;
  error?: unknown;
  onRetry?: () => void;
  empty?: string | false;
  children?: ReactNode;
}) {
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  if (loading)
    return (
      <div className={styles.state} role="status">
        {typeof loading === 'string' ? loading : 'Loading…'}
      </div>
    );
  if (empty)
    return (
      <div className={styles.state} role="status">
        {empty}
      </div>
    );
  return <>{children}</>;
}
