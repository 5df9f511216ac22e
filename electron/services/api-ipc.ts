import type { OpName, OpOutput } from '../../shared/ipc/contract';
import { RENDERER_API_OPERATION_IDS } from '../../shared/ipc/contract';
import { OP_KINDS } from '../../shared/openapi/op-kinds';
import type { OperationId, OpParams } from '../../shared/openapi/operations';
import type { FirstScreenSource } from './first-screen-source';
import type { InstrumentIndex } from './instrument-index';
import type { OpHandler, OpHandlerGroup } from './ipc-dispatch';
import { callOrderOperation, isOrderOperation } from './order-calls';
import type { SessionManager } from './session-manager';
import { orderLookups } from './trust/order-lookups';
import type { TrustGate } from './trust/trust-gate';

/**
 * Reads the renderer repeats on a timer (the options ticket polls its contract's snapshot every
 * few seconds): they queue behind what a user asked for, so polling never delays a click.
 */
const BACKGROUND_POLLS = new Set<OperationId>(['optionSnapshot']);

/**
 * `api.<operation>` for every operation the renderer may call, through the active session's
 * client (orders after main's own confirmation), and the two reads main answers from its own
 * state of the session: `watchlist.firstScreen` and `instruments.search`.
 */
export function apiIpc(deps: {
  sessions: Pick<SessionManager, 'ensure'>;
  trust: Pick<TrustGate, 'order'>;
  firstScreen: FirstScreenSource;
  instrumentIndex: Pick<InstrumentIndex, 'search'>;
}): Record<`api.${OperationId}`, OpHandler<OpName>> &
  OpHandlerGroup<'watchlist.firstScreen' | 'instruments.search'> {
  const { sessions, trust, firstScreen } = deps;
  const apiHandler =
    (op: OperationId): OpHandler<OpName> =>
    async (input, ctx) => {
      const session = await sessions.ensure();
      // A write may change what a warmed first screen holds (a watchlist's members).
      if (OP_KINDS[op].method === 'POST') firstScreen.invalidate();
      // Validated output of the catalogue schema is valid input to it again (arrays for lists, numbers for ints).
      if (isOrderOperation(op)) {
        // Main's own confirmation and guards, whatever the renderer showed (docs/security.md).
        await trust.order(
          op,
          input as OpParams<typeof op>,
          // Where the order would really go: the session's environment, not what the renderer says.
          session.environment,
          orderLookups(session.client),
        );
        return (await callOrderOperation(
          session.client,
          op,
          input as OpParams<typeof op>,
        )) as OpOutput<OpName>;
      }
      // Orders above always go as 'user'; a read may be a background refresh (the call's options).
      return (await session.client.call(op, input as OpParams<typeof op>, {
        priority: ctx.priority ?? (BACKGROUND_POLLS.has(op) ? 'background' : 'user'),
      })) as OpOutput<OpName>;
    };
  const api = {} as Record<`api.${OperationId}`, OpHandler<OpName>>;
  for (const id of RENDERER_API_OPERATION_IDS) api[`api.${id}`] = apiHandler(id);
  return {
    ...api,
    'watchlist.firstScreen': async () => firstScreen.get(await sessions.ensure()),
    'instruments.search': (input) => deps.instrumentIndex.search(input),
  };
}
