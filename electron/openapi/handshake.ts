import { ErrorCodes } from '../../shared/errors';
import type { OpenApiConfig } from '../../shared/openapi/records/auth';
import { ApiError } from './api-error';

/**
 * The official SDKs call `GET /openapi/config` (signed, always `x-version: v2`) when a
 * client is created, and stop on a non-200 or an empty reply. We do the same on first use of an
 * environment, and say clearly that it was the start-up check that failed and why.
 */
export const HANDSHAKE_X_VERSION = 'v2';

export async function runHandshake(fetchConfig: () => Promise<OpenApiConfig>): Promise<OpenApiConfig> {
  try {
    return await fetchConfig();
  } catch (error) {
    if (error instanceof ApiError) {
      const empty =
        error.code === ErrorCodes.BAD_RESPONSE
          ? ' (the reply was empty or not the expected {"token_check_enabled": …})'
          : '';
      throw new ApiError({
        code: error.code,
        message: `Start-up check GET /openapi/config failed${empty}: ${error.message}`,
        status: error.status,
        requestId: error.requestId,
        retryable: error.retryable,
        fromServer: error.fromServer,
        cause: error,
      });
    }
    throw error;
  }
}
