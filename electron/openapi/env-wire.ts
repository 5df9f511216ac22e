import { optionOrdersOf, pathSchemeOf, type EnvironmentSettings } from '../../shared/environments';
import { ErrorCodes } from '../../shared/errors';
import { schemePath, type OperationId, type OpParsedParams } from '../../shared/openapi/operations';
import { ApiError } from './api-error';

/**
 * What one environment's wire makes of a catalogue operation (docs/openapi-client.md, "Path schemes"
 * and "Option orders"): the path in its path set, the unified order endpoint for an option order
 * when the environment sends option orders there, and the `category` request header that the
 * broker's current SDK adds to a unified order naming its instrument (`US_OPTION` for option legs).
 */
const UNIFIED: Partial<Record<OperationId, OperationId>> = {
  optionOrderPreview: 'orderPreview',
  optionOrderPlace: 'orderPlace',
  optionOrderReplace: 'orderReplace',
  optionOrderCancel: 'orderCancel',
};

export interface EnvWire {
  /** The operation whose endpoint is called (the reply is read with the caller's own schema). */
  sentAs: OperationId;
  /** The path to call when it differs from the catalogue's. */
  path?: string;
  headers?: Record<string, string>;
}

export function envWire<K extends OperationId>(
  env: EnvironmentSettings,
  op: K,
  params: OpParsedParams<K>,
): EnvWire {
  const sentAs = (optionOrdersOf(env) === 'unified' && UNIFIED[op]) || op;
  const path = schemePath(sentAs, pathSchemeOf(env));
  const category = orderCategory(params);
  return {
    sentAs,
    ...(path ? { path } : {}),
    ...(category ? { headers: { category } } : {}),
  };
}

/**
 * The `category` header as the broker's SDK derives it from the first order: `<market>_OPTION` when
 * a leg is an option, else `<market>_<instrument_type>` (it sends `US_EQUITY` for a stock order).
 */
export function orderCategory(params: unknown): string | undefined {
  const first = (params as { new_orders?: unknown[] }).new_orders?.[0] as
    | {
        market?: string;
        instrument_type?: string;
        legs?: Array<{ market?: string; instrument_type?: string }>;
      }
    | undefined;
  if (!first) return undefined;
  const leg = first.legs?.find((l) => l.instrument_type === 'OPTION');
  if (leg) return `${leg.market ?? 'US'}_OPTION`;
  return first.instrument_type ? `${first.market ?? 'US'}_${first.instrument_type}` : undefined;
}

/**
 * A gateway refusal of the path itself (404 "Route Not Found"; the sandbox's "No operation at") or
 * of the x-version, explained: a key of the other environment, or a path set or x-version this
 * environment does not serve, not a failure of the operation.
 */
export function explainRefusal(
  error: unknown,
  env: EnvironmentSettings,
  path: string,
  xVersion: string,
): unknown {
  if (!(error instanceof ApiError) || error.status === undefined) return error;
  const routeless =
    error.status === 404 && /route not found|no operation at/i.test(`${error.code} ${error.message}`);
  const versionRefused =
    error.status >= 400 &&
    error.status < 500 &&
    /x-version|unsupported.?version|version not supported/i.test(`${error.code} ${error.message}`);
  if (!routeless && !versionRefused) return error;
  const scheme = pathSchemeOf(env);
  const message = routeless
    ? `${env.name} has no route for ${path} (x-version ${xVersion}, ${scheme} paths). Check that the app key belongs to this environment (a test key gets 404 on every production path, and the other way round), or switch the environment's path set or x-version in Settings.`
    : `${env.name} refused x-version ${xVersion} (${error.message}). Switch the environment's x-version in Settings.`;
  return new ApiError({
    code: routeless ? ErrorCodes.ROUTE_NOT_FOUND : ErrorCodes.VERSION_REFUSED,
    message,
    status: error.status,
    requestId: error.requestId,
    retryable: false,
    // The server decided: nothing was done, so an order sent this way is known not placed.
    fromServer: true,
    cause: error,
  });
}
