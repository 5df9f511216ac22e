import { useEffect, useState } from 'react';
import type { AlertsState } from '../../../shared/ipc/contract';
import { subscribe } from '../../lib/bridge';

/**
 * The active environment's alerts as main pushes them (the `alerts` stream sends the list when
 * subscribed and after every change, a fire included). `undefined` until the first push.
 */
export function useAlerts(): AlertsState | undefined {
  const [state, setState] = useState<AlertsState>();
  useEffect(() => subscribe('alerts', {}, setState), []);
  return state;
}
