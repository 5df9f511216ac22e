import { describe, expect, it } from 'vitest';
import { ApiError, errorFromReply, networkError } from './api-error';
import { redactSecrets, REDACTED } from '../common/redact';

const reply = (status: number, bodyText: string, extra = {}) => ({
  status,
  bodyText,
  secrets: ['sup3r-secret!'],
  ...extra,
});

describe('ApiError', () => {
  it('has the shared shape', () => {
    const e = new ApiError({ code: 'GATEWAY_TIMEOUT', message: 'slow', status: 504, requestId: 'r1' });
    expect(e).toBeInstanceOf(Error);
    expect(e.toShape()).toEqual({
      code: 'GATEWAY_TIMEOUT',
      message: 'slow',
      status: 504,
      requestId: 'r1',
      retryable: true,
    });
    expect(new ApiError({ code: 'INVALID_SIGNATURE', message: 'x' }).toShape()).toEqual({
      code: 'INVALID_SIGNATURE',
      message: 'x',
      retryable: false,
    });
  });

  it('names the parameter a server error is about as `field`', () => {
    const e = errorFromReply(
      reply(
        400,
        JSON.stringify({
          error_code: 'INVALID_PARAMETER',
          message:
            "Invalid parameter 'new_orders[0].legs[0].strike_price': strike 1.0001 cannot be an option strike",
        }),
      ),
    );
    expect(e.toShape().field).toBe('new_orders[0].legs[0].strike_price');
    const plain = errorFromReply(
      reply(
        400,
        JSON.stringify({
          error_code: 'INSUFFICIENT_BUYING_POWER',
          message: 'Insufficient buying power for new_orders[0]',
        }),
      ),
    );
    expect(plain.toShape().field).toBeUndefined();
  });

  it('maps error bodies, status-only replies and empty bodies', () => {
    expect(
      errorFromReply(
        reply(400, '{"error_code":"INVALID_PARAMETER","message":"bad symbols"}', { requestId: 'q' }),
      ).toShape(),
    ).toEqual({
      code: 'INVALID_PARAMETER',
      message: 'bad symbols',
      status: 400,
      requestId: 'q',
      retryable: false,
    });
    expect(errorFromReply(reply(503, '')).code).toBe('SERVICE_NOT_AVAILABLE');
    expect(errorFromReply(reply(504, 'upstream timed out')).code).toBe('GATEWAY_TIMEOUT');
    expect(errorFromReply(reply(500, '<html/>')).retryable).toBe(true);
    expect(errorFromReply(reply(418, 'teapot')).code).toBe('BAD_RESPONSE');
    expect(errorFromReply(reply(404, '')).code).toBe('NOT_FOUND');
  });

  it('never carries the secret in a message', () => {
    const e1 = errorFromReply(
      reply(401, '{"error_code":"INVALID_SIGNATURE","message":"key sup3r-secret!& did not match"}'),
    );
    const e2 = errorFromReply(reply(502, 'proxy dump: sup3r-secret!'));
    const e3 = networkError(new Error('connect failed to https://x/?k=sup3r-secret%21'), ['sup3r-secret!']);
    for (const e of [e1, e2, e3]) expect(e.message).not.toMatch(/sup3r-secret/);
    expect(e1.message).toContain(REDACTED);
  });
});

describe('networkError', () => {
  it('tells how to fix an untrusted certificate chain, and only that', () => {
    const untrusted = Object.assign(new Error('unable to verify the first certificate'), {
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(networkError(untrusted, []).message).toMatch(
      /^Network error: UNABLE_TO_VERIFY_LEAF_SIGNATURE: unable to verify the first certificate \(.*environment's CA certificate\)$/,
    );
    expect(networkError(reset, []).message).toBe('Network error: ECONNRESET: socket hang up');
  });
});

describe('redactSecrets', () => {
  it('replaces every occurrence, longest secret first, and ignores empty ones', () => {
    expect(redactSecrets('a=abcd1234 b=abcd1234xyz', ['abcd1234', 'abcd1234xyz', '', undefined])).toBe(
      `a=${REDACTED} b=${REDACTED}`,
    );
    expect(redactSecrets('nothing here', ['secret-value'])).toBe('nothing here');
  });
});
