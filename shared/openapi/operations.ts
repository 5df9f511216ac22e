import type { z } from 'zod';
import { authOperations } from './catalogue/auth-ops';
import { fundamentalsOperations } from './catalogue/fundamentals-ops';
import { marketDataOperations } from './catalogue/market-data-ops';
import { screenerOperations } from './catalogue/screener-ops';
import { tradingOperations } from './catalogue/trading-ops';
import { watchlistOperations } from './catalogue/watchlist-ops';
import { V3_PATHS, type PathScheme } from './path-schemes';

/**
 * The endpoint catalogue of the Open API (docs/openapi-client.md), declared once (one file an API area under
 * catalogue/). The client sends with it, the sandbox routes and validates with it, and the IPC
 * contract exposes it: one source of truth for method, path, parameters and reply shape.
 */
export const operations = {
  ...authOperations,
  ...tradingOperations,
  ...marketDataOperations,
  ...screenerOperations,
  ...fundamentalsOperations,
  ...watchlistOperations,
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
/** What a typed caller passes (defaults may be omitted). */
export type OpParams<K extends OperationId> = z.input<Operations[K]['params']>;
/** What the receiver sees after validation (defaults filled, wire strings coerced). */
export type OpParsedParams<K extends OperationId> = z.output<Operations[K]['params']>;
export type OpResult<K extends OperationId> = z.output<Operations[K]['response']>;

export const OPERATION_IDS = Object.keys(operations) as OperationId[];

// Every v3 path names a catalogue operation (a typo here is a type error).
const v3Paths: Partial<Record<OperationId, string>> = V3_PATHS satisfies Partial<Record<OperationId, string>>;

/** The path of `op` in `scheme`, or undefined when the operation keeps its catalogue path. */
export function schemePath(op: OperationId, scheme: PathScheme): string | undefined {
  return scheme === 'v3' ? v3Paths[op] : undefined;
}

function operationOfV3Path(path: string): OperationId | undefined {
  for (const id of OPERATION_IDS) if (v3Paths[id] === path) return id;
  return undefined;
}

/** The operation at method + path: its catalogue path first, else its `v3` alias (path-schemes.ts). */
export function findOperation(method: string, path: string): OperationId | undefined {
  const direct = OPERATION_IDS.find((id) => operations[id].method === method && operations[id].path === path);
  if (direct) return direct;
  const alias = operationOfV3Path(path);
  return alias && operations[alias].method === method ? alias : undefined;
}
