import { describe, expect, it } from 'vitest';
import { regionEnvironment } from '../../../shared/environments';
import { ErrorCodes } from '../../../shared/errors';
import { explainFailure } from './doctor-hints';

const env = regionEnvironment('us');

describe('explainFailure', () => {
  it('under a refusal the client has already explained, names only the host (the message says what to do)', () => {
    for (const code of [ErrorCodes.ROUTE_NOT_FOUND, ErrorCodes.VERSION_REFUSED]) {
      const hint = explainFailure(
        {
          code,
          message: 'US has no route for /openapi/quote (x-version v2, v2 paths). Check …',
          status: 404,
          retryable: false,
        },
        env,
      );
      expect(hint).toContain('api.webull.com');
      expect(hint).not.toMatch(/no route|x-version|test key/);
    }
  });

  it('explains a bare 404 the client could not read as a route refusal', () => {
    const hint = explainFailure(
      { code: 'HTTP_404', message: 'Not Found', status: 404, retryable: false },
      env,
    );
    expect(hint).toMatch(/no route for this path/);
  });
});
