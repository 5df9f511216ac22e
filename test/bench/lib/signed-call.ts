import { randomBytes } from 'node:crypto';
import {
  formatTimestamp,
  serializeBody,
  signRequest,
  type SignatureAlgorithm,
} from '../../../shared/signing';

export interface SignedTarget {
  apiUrl: string;
  appKey: string;
  appSecret: string;
  algorithm: SignatureAlgorithm;
}

/**
 * One signed call with nothing of the client around it (no pacing, no retry, no batching): what a
 * naive client sends, and how the sandbox's own time is measured. Resolves with the status.
 */
export async function signedCall(
  target: SignedTarget,
  method: 'GET' | 'POST',
  path: string,
  query: Array<[string, string]>,
  body?: unknown,
): Promise<number> {
  const url = new URL(target.apiUrl);
  const text = body === undefined ? null : serializeBody(body);
  const signed = signRequest({
    method,
    path,
    query,
    body: text,
    host: url.host,
    appKey: target.appKey,
    appSecret: target.appSecret,
    timestamp: formatTimestamp(Date.now()),
    nonce: randomBytes(16).toString('hex'),
    algorithm: target.algorithm,
  });
  const qs = new URLSearchParams(query).toString();
  const reply = await fetch(`${target.apiUrl}${path}${qs ? `?${qs}` : ''}`, {
    method,
    headers: {
      ...signed.headers,
      'x-version': 'v2',
      ...(text === null ? {} : { 'content-type': 'application/json' }),
    },
    body: text ?? undefined,
  });
  await reply.arrayBuffer();
  return reply.status;
}
