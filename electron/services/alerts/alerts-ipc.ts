import type { OpName } from '../../../shared/ipc/contract';
import type { OpHandlerGroup } from '../ipc-dispatch';
import type { AlertService } from './alert-service';

/** `alerts.*` (shared/ipc/alerts.ts): inputs arrive validated by the dispatcher. */
export function alertsIpc(alerts: AlertService): OpHandlerGroup<Extract<OpName, `alerts.${string}`>> {
  return {
    'alerts.list': () => alerts.state(),
    'alerts.create': (input) => alerts.create(input),
    'alerts.update': (input) => alerts.update(input),
    'alerts.remove': ({ id }) => alerts.remove(id),
    'alerts.rearm': ({ id }) => alerts.rearm(id),
  };
}
