import { ErrorCodes, type ApiErrorShape } from '../../shared/errors';
import type { IpcReply, OpName, OpOutput, OpParsedInput } from '../../shared/ipc/contract';
import { invokeOptions } from '../../shared/ipc/contract';
import { invalidInput, validateOpInput, validateOpName } from '../../shared/ipc/validate';
import type { Logger } from './logger';
import type { Redactor } from '../common/redact';

/**
 * What every `ipcMain.handle('bullpen:invoke')` call goes through: validate the op name and input
 * with the contract's schema, call the handler, and answer with a value or the one error shape.
 * It never throws and never rejects: a bug in a handler becomes INTERNAL_ERROR in the reply and a
 * (redacted) line in the log, not a crashed main process or an unhandled rejection.
 */
interface CallContext {
  /** The web contents that asked (so panels can be opened next to it, streams tied to it). */
  senderId: number;
  /** From the call's validated options: background calls yield to user calls at the rate limiter. */
  priority?: 'user' | 'background';
}

export type OpHandler<K extends OpName> = (
  input: OpParsedInput<K>,
  ctx: CallContext,
) => OpOutput<K> | Promise<OpOutput<K>>;
export type OpHandlers = { [K in OpName]: OpHandler<K> };
/**
 * The handlers of some operations (`'settings.get' | 'settings.set'`…): each service's group lives
 * beside it (`settings-ipc.ts`, `alerts/alerts-ipc.ts`…) and the composition root (app-engine.ts)
 * only puts the groups together.
 */
export type OpHandlerGroup<K extends OpName> = { [P in K]: OpHandler<P> };

export interface IpcDispatcher {
  /** `options` is the renderer's untrusted third argument (`InvokeOptions`), validated here. */
  dispatch(op: unknown, input: unknown, ctx: CallContext, options?: unknown): Promise<IpcReply<unknown>>;
}

function isErrorShapeLike(e: unknown): e is ApiErrorShape & { toShape?: () => ApiErrorShape } {
  if (typeof e !== 'object' || e === null) return false;
  const r = e as Record<string, unknown>;
  return typeof r.code === 'string' && typeof r.message === 'string' && typeof r.retryable === 'boolean';
}

/** The error shape of anything thrown, with every text redacted. */
function toErrorShape(error: unknown, redactor: Redactor): ApiErrorShape {
  if (isErrorShapeLike(error)) {
    const shape = typeof error.toShape === 'function' ? error.toShape() : error;
    const out: ApiErrorShape = {
      code: shape.code,
      message: redactor.redact(shape.message),
      retryable: shape.retryable,
    };
    if (typeof shape.status === 'number') out.status = shape.status;
    if (typeof shape.requestId === 'string') out.requestId = shape.requestId;
    if (typeof shape.field === 'string') out.field = shape.field;
    return out;
  }
  return {
    code: ErrorCodes.INTERNAL_ERROR,
    message: 'Internal error in Bullpen; details are in the log file.',
    retryable: false,
  };
}

export function createIpcDispatcher(
  handlers: OpHandlers,
  deps: { logger: Logger; redactor: Redactor },
): IpcDispatcher {
  return {
    async dispatch(op, input, ctx, options) {
      const name = validateOpName(op);
      if (!name.ok) return name;
      const opts = invokeOptions.safeParse(options);
      if (!opts.success) {
        deps.logger.warn(`ipc ${name.value} rejected: bad options`);
        return { ok: false, error: invalidInput(opts.error, `${name.value} options`) };
      }
      if (opts.data.priority) ctx = { ...ctx, priority: opts.data.priority };
      const parsed = validateOpInput(name.value, input);
      if (!parsed.ok) {
        deps.logger.warn(`ipc ${name.value} rejected: ${parsed.error.message}`);
        return parsed;
      }
      const handler = handlers[name.value] as OpHandler<OpName>;
      try {
        const value = await handler(parsed.value as OpParsedInput<OpName>, ctx);
        return { ok: true, value };
      } catch (error) {
        const shape = toErrorShape(error, deps.redactor);
        if (shape.code === ErrorCodes.INTERNAL_ERROR && !isErrorShapeLike(error))
          deps.logger.error(`ipc ${name.value} failed`, error);
        else deps.logger.warn(`ipc ${name.value}: ${shape.code} ${shape.message}`);
        return { ok: false, error: shape };
      }
    },
  };
}
