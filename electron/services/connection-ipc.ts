import type { OpName, RateBudget } from '../../shared/ipc/contract';
import type { Budget } from '../openapi/rate-limiter';
import type { createConnectionCheck } from './doctor/connection-check';
import type { OpHandlerGroup } from './ipc-dispatch';
import type { SessionManager } from './session-manager';
import type { StreamSources } from './stream-hub';

export const toRateBudget = (b: Budget): RateBudget => ({
  limit: b.limit,
  remaining: b.remaining,
  windowMs: 60_000,
  queued: b.queued,
  resetInMs: b.resetInMs,
  ...(b.pausedUntil === undefined ? {} : { pausedUntil: b.pausedUntil }),
});
const IDLE_BUDGET: RateBudget = { limit: 300, remaining: 300, windowMs: 60_000, queued: 0, resetInMs: 0 };

/** `connection.*` and `budget.get`, and the `connection` and `budget` streams: the active session's links. */
export function createConnectionIpc(deps: {
  sessions: SessionManager;
  connectionCheck: ReturnType<typeof createConnectionCheck>;
}): {
  handlers: OpHandlerGroup<Extract<OpName, `connection.${string}` | 'budget.get'>>;
  sources: Pick<StreamSources, 'connection' | 'budget'>;
} {
  const { sessions, connectionCheck } = deps;

  /** Subscribe to something on the current session, re-attaching after every session change. */
  const sessionBound =
    <T>(
      attach: (
        session: NonNullable<ReturnType<SessionManager['current']>>,
        emit: (v: T) => void,
      ) => () => void,
    ) =>
    (emit: (v: T) => void) => {
      let detach: (() => void) | undefined;
      const current = sessions.current();
      if (current) detach = attach(current, emit);
      const off = sessions.onSession((s) => {
        detach?.();
        detach = attach(s, emit);
      });
      return () => {
        off();
        detach?.();
      };
    };

  return {
    handlers: {
      'connection.check': ({ environmentId }) => connectionCheck.run(environmentId),
      'connection.status': () => sessions.connection(),
      'budget.get': () => {
        const s = sessions.current();
        return s ? toRateBudget(s.client.budget()) : IDLE_BUDGET;
      },
    },
    sources: {
      connection: (_p, emit) => {
        emit(sessions.connection());
        return sessions.onConnection(emit);
      },
      budget: (_p, emit) =>
        sessionBound<RateBudget>((s, e) => {
          e(toRateBudget(s.client.budget()));
          return s.client.onBudget((b) => e(toRateBudget(b)));
        })(emit),
    },
  };
}
