import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { SandboxError } from './route-types';

/**
 * The service's reply conventions (docs/openapi-client.md): 200 with the payload itself, errors as a non-200
 * with `{"error_code","message"}`, an `x-request-id` on every reply, and a `Date` header from the
 * sandbox's WALL clock (the client learns its clock offset from it for signing, so it must never be
 * the replayed market time of SandboxOptions.marketClock).
 */
export const newRequestId = () => randomBytes(16).toString('hex');

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  requestId: string,
  now: number,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(text));
  res.setHeader('x-request-id', requestId);
  res.setHeader('date', new Date(now).toUTCString());
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(text);
}

export function sendError(res: ServerResponse, error: SandboxError, requestId: string, now: number): void {
  sendJson(
    res,
    error.status,
    { error_code: error.code, message: error.message },
    requestId,
    now,
    error.headers,
  );
}

export const internalError = () =>
  new SandboxError(500, 'INTERNAL_ERROR', 'The sandbox failed to handle this request');
