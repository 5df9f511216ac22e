import type { z } from 'zod';
import { SandboxError, badParameter } from './route-types';

/**
 * Turns a request into the raw parameter object the catalogue's schema validates: GET parameters
 * from the query string (a repeated name becomes an array), POST parameters from the JSON body.
 */

/** Query pairs decoded, in order: values are signed as they are, before URL encoding (docs/openapi-client.md). */
export function decodeQuery(search: string): Array<[string, string]> {
  const text = search.startsWith('?') ? search.slice(1) : search;
  return [...new URLSearchParams(text)];
}

export function queryObject(
  pairs: ReadonlyArray<readonly [string, string]>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const prev = out[name];
    if (prev === undefined) out[name] = value;
    else out[name] = Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** A POST body is JSON sent with Content-Type application/json (docs/openapi-client.md). */
export function bodyObject(contentType: string | undefined, raw: string): Record<string, unknown> {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new SandboxError(
      400,
      'INVALID_PARAMETER',
      `Invalid parameter 'content-type': a POST body must be application/json (got '${contentType ?? ''}')`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw badParameter('body', `malformed JSON (${(error as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw badParameter('body', 'expected a JSON object');
  return value as Record<string, unknown>;
}

/** `new_orders[0].limit_price`: the zod issue path written the way the parameter is named. */
export function issuePath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

export function validateParams<T>(schema: z.ZodType<T>, raw: unknown): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue ? issuePath(issue.path) : '';
  throw badParameter(name === '' ? 'body' : name, issue?.message ?? 'invalid');
}
