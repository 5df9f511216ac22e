import type { z } from 'zod';
import { ErrorCodes, type ApiErrorShape } from '../errors';
import { ipcOps, isOpName, type OpName, type OpParsedInput } from './contract';
import { streamParams, type StreamName, type StreamParsedParams } from './streams';

export type Validated<T> = { ok: true; value: T } | { ok: false; error: ApiErrorShape };

/** `symbols.0`, `patch.apiBaseUrl`, or `(input)` for the root. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(input)' : path.map((p) => String(p)).join('.');
}

/** INVALID_INPUT naming the first offending field path (docs/shell.md). */
export function invalidInput(error: z.ZodError, what: string): ApiErrorShape {
  const issues = error.issues.slice(0, 3).map((i) => `${issuePath(i.path)}: ${i.message}`);
  const shape: ApiErrorShape = {
    code: ErrorCodes.INVALID_INPUT,
    message: `Invalid input for ${what}: ${issues.join('; ')}`,
    retryable: false,
  };
  // The first offending field, so a form can put the message beside it (`condition.price`).
  const first = error.issues[0];
  if (first && first.path.length > 0) shape.field = issuePath(first.path);
  return shape;
}

export function validateOpInput<K extends OpName>(op: K, input: unknown): Validated<OpParsedInput<K>> {
  const schema: z.ZodType = ipcOps[op].input;
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) return { ok: false, error: invalidInput(parsed.error, op) };
  return { ok: true, value: parsed.data as OpParsedInput<K> };
}

export function validateOpName(op: unknown): Validated<OpName> {
  if (isOpName(op)) return { ok: true, value: op };
  return {
    ok: false,
    error: {
      code: ErrorCodes.INVALID_INPUT,
      message: `op: unknown operation ${JSON.stringify(String(op)).slice(0, 80)}`,
      retryable: false,
    },
  };
}

export function validateStream(
  stream: unknown,
  params: unknown,
): Validated<{ stream: StreamName; params: StreamParsedParams<StreamName> }> {
  if (typeof stream !== 'string' || !Object.prototype.hasOwnProperty.call(streamParams, stream)) {
    return {
      ok: false,
      error: {
        code: ErrorCodes.INVALID_INPUT,
        message: `stream: unknown stream ${JSON.stringify(String(stream)).slice(0, 80)}`,
        retryable: false,
      },
    };
  }
  const name = stream as StreamName;
  const schema: z.ZodType = streamParams[name];
  const parsed = schema.safeParse(params ?? {});
  if (!parsed.success) return { ok: false, error: invalidInput(parsed.error, `stream ${name}`) };
  return { ok: true, value: { stream: name, params: parsed.data as StreamParsedParams<StreamName> } };
}
