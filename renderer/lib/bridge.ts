import type { ApiErrorShape } from '../../shared/errors';
import type {
  InvokeOptions,
  IpcReply,
  OpInput,
  OpName,
  OpOutput,
  StreamData,
  StreamName,
  StreamParams,
} from '../../shared/ipc/contract';

/**
 * The renderer's typed client over `window.bullpen` (the preload's one object), typed from the
 * shared contract: no second copy of any type, no channel names. A failed reply becomes a
 * `BridgeError` carrying the one error shape, so react-query and error boundaries can show it.
 */
interface BullpenBridge {
  invoke(op: string, input?: unknown, options?: InvokeOptions): Promise<IpcReply<unknown>>;
  subscribe(stream: string, params: unknown, onData: (data: unknown) => void): () => void;
}

declare global {
  interface Window {
    bullpen?: BullpenBridge;
  }
}

export class BridgeError extends Error implements ApiErrorShape {
  readonly code: string;
  readonly status?: number;
  readonly requestId?: string;
  readonly retryable: boolean;
  readonly field?: string;
  constructor(shape: ApiErrorShape) {
    super(shape.message);
    this.name = 'BridgeError';
    this.code = shape.code;
    this.status = shape.status;
    this.requestId = shape.requestId;
    this.retryable = shape.retryable;
    this.field = shape.field;
  }
}

function bridge(): BullpenBridge {
  const b = window.bullpen;
  if (!b)
    throw new BridgeError({
      code: 'NO_BRIDGE',
      message: 'Bullpen must run inside its desktop shell (the preload bridge is missing).',
      retryable: false,
    });
  return b;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "{} is assignable" is exactly the test for "input optional"
type InputArg<K extends OpName> = {} extends OpInput<K> ? [input?: OpInput<K>] : [input: OpInput<K>];

export async function invoke<K extends OpName>(op: K, ...[input]: InputArg<K>): Promise<OpOutput<K>> {
  return invokeWith(op, input, undefined);
}

/** `invoke` with per-call options (a background refresh: `{ priority: 'background' }`). */
export async function invokeWith<K extends OpName>(
  op: K,
  input: OpInput<K> | undefined,
  options: InvokeOptions | undefined,
): Promise<OpOutput<K>> {
  const b = bridge();
  const reply = (await (options
    ? b.invoke(op, input ?? {}, options)
    : b.invoke(op, input ?? {}))) as IpcReply<OpOutput<K>>;
  if (!reply.ok) throw new BridgeError(reply.error);
  return reply.value;
}

export function subscribe<S extends StreamName>(
  stream: S,
  params: StreamParams<S>,
  onData: (data: StreamData[S]) => void,
): () => void {
  return bridge().subscribe(stream, params, (data) => onData(data as StreamData[S]));
}

export function errorMessage(error: unknown): string {
  if (error instanceof BridgeError)
    return `${error.message}${error.requestId ? ` (request ${error.requestId})` : ''}`;
  return error instanceof Error ? error.message : String(error);
}
