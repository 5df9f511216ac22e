import type { EnvironmentSettings } from '../../../shared/environments';
import { ErrorCodes, type ApiErrorShape } from '../../../shared/errors';

/**
 * What a user can do about a failed step, in words. The codes and forms are those of
 * docs/openapi-client.md: the real gateway answers an unrouted path, a wrong environment or a key
 * not provisioned for the host with 404 and only `{"error_msg":"Route Not Found"}`; missing
 * credentials with 401 `MISSING_APP_KEY`; an account the key may not use with 403
 * `ACCOUNT_ACCESS_DENIED`; a product without entitlement with 403 `MARKET_DATA_NOT_SUBSCRIBED`.
 */
export function explainFailure(error: ApiErrorShape, env: EnvironmentSettings): string | undefined {
  const host = hostOf(env.apiBaseUrl);
  switch (error.code) {
    case ErrorCodes.NETWORK_ERROR:
      return `${host} could not be reached: check the host name, your network and any proxy or firewall.`;
    case ErrorCodes.TIMEOUT:
      return `${host} did not answer in time: check your network, then run the check again.`;
    case ErrorCodes.INVALID_SIGNATURE:
      return `The signature was refused: check the app secret, and the signing algorithm (${env.algorithm}) this host expects.`;
    case ErrorCodes.TIMESTAMP_EXPIRED:
      return 'The request time was refused: set this computer’s clock automatically.';
    case ErrorCodes.UNKNOWN_APP_KEY:
    case 'MISSING_APP_KEY':
      return 'The app key was not recognised: check it, and that it belongs to this environment (test and production keys differ).';
    case 'ACCOUNT_ACCESS_DENIED':
      return 'This key may not use the account: check the account’s API access in the broker’s portal.';
    case 'MARKET_DATA_NOT_SUBSCRIBED':
      return 'This market data needs a subscription (only one device may use a Level 1/Level 2 subscription at a time).';
    case ErrorCodes.TOO_MANY_REQUESTS:
      return 'The host is throttling this key: wait a minute, then run the check again.';
    case 'NO_QUOTES':
      return `No quote arrived: check the quotes address (${env.quotesUrl}) and that the market-data subscription covers streaming.`;
    case 'EVENTS_NOT_LIVE':
      return `The event stream did not open: check the events address (${env.eventsAddress}) and TLS.`;
    // The client has already written what to do into the message (electron/openapi/env-wire.ts);
    // the hint adds only the host the request went to, which the message does not name.
    case ErrorCodes.ROUTE_NOT_FOUND:
    case ErrorCodes.VERSION_REFUSED:
      return `The request went to ${host}: check that this is the host of the environment the key was issued for.`;
  }
  if (error.status === 404)
    return `${host} has no route for this path with x-version ${env.xVersion}: the environment, the path scheme or the key's provisioning may be wrong (a test key gets 404 on every production path).`;
  if (error.status === 417)
    return 'The host refused a parameter: the report names it; please attach the report to a bug report.';
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
