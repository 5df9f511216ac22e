import { createOpenApiClient, type OpenApiClient, type OpenApiClientOptions } from '../openapi/client';
import { RateLimiter } from '../openapi/rate-limiter';

/**
 * The Market Data limit is counted per app key by the server (docs/openapi-client.md), not per client object.
 * A session restart (settings change, token refresh, reconnect) makes a new client; giving it a
 * fresh limiter would forget the calls of the last minute and could burst past 300. So every client
 * for the same host and app key shares one limiter for the life of the app.
 */
export function createClientFactory(
  create: (opts: OpenApiClientOptions) => OpenApiClient = createOpenApiClient,
): (opts: OpenApiClientOptions) => OpenApiClient {
  const limiters = new Map<string, RateLimiter>();
  return (opts) => {
    if (opts.rateLimiter) return create(opts);
    const key = `${opts.environment.apiBaseUrl}\n${opts.credentials.appKey}`;
    let limiter = limiters.get(key);
    if (!limiter) {
      limiter = new RateLimiter(opts.rateLimit);
      limiters.set(key, limiter);
    }
    return create({ ...opts, rateLimiter: limiter });
  };
}
