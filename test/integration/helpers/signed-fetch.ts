import { randomBytes } from 'node:crypto';
import { type SignatureAlgorithm, formatTimestamp, signRequest } from '../../../shared/signing';
import { percentEncode } from '../../../shared/signing';

/**
 * A deliberately small signing client for the sandbox's own tests: every header can be
 * overridden or dropped, so each rejection rule can be provoked. Built on the shared signRequest.
 */
interface SignedRequest {
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Array<[string, string]>;
  /** An object is serialised once (compact JSON); a string is sent as is. */
  body?: unknown;
  contentType?: string;
  /** Send this body instead of the signed one (tampering tests). */
  sendBody?: string;
  /** Replace (string) or drop (null) a header after signing. */
  headers?: Record<string, string | null>;
  /** What `host` to sign: 'port' (host:port, default) or 'bare' (the official SDK). */
  signHost?: 'port' | 'bare' | string;
  nonce?: string;
  timestamp?: string;
  algorithm?: SignatureAlgorithm;
  appKey?: string;
  appSecret?: string;
}

export interface SignedResponse {
  status: number;
  headers: Headers;
  json: unknown;
}

export interface SandboxCaller {
  (req: SignedRequest): Promise<SignedResponse>;
  /** GET/POST an operation's path and expect 200; returns the JSON. */
  ok<T = unknown>(req: SignedRequest): Promise<T>;
}

export function signedCaller(
  target: { apiUrl: string; appKey: string; appSecret: string; algorithm: SignatureAlgorithm },
  now: () => number,
): SandboxCaller {
  const url = new URL(target.apiUrl);
  const call = async (req: SignedRequest): Promise<SignedResponse> => {
    const method = req.method ?? (req.body === undefined ? 'GET' : 'POST');
    const body =
      req.body === undefined ? null : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
    const query = req.query ?? [];
    const host =
      req.signHost === undefined || req.signHost === 'port'
        ? url.host
        : req.signHost === 'bare'
          ? url.hostname
          : req.signHost;
    const signed = signRequest({
      method,
      path: req.path,
      query,
      body,
      host,
      appKey: req.appKey ?? target.appKey,
      appSecret: req.appSecret ?? target.appSecret,
      timestamp: req.timestamp ?? formatTimestamp(now()),
      nonce: req.nonce ?? randomBytes(16).toString('hex'),
      algorithm: req.algorithm ?? target.algorithm,
    });
    const headers: Record<string, string> = { ...signed.headers, 'x-version': 'v2' };
    delete headers.host;
    if (body !== null) headers['content-type'] = req.contentType ?? 'application/json';
    for (const [name, value] of Object.entries(req.headers ?? {})) {
      if (value === null) delete headers[name];
      else headers[name] = value;
    }
    const search = query.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
    const res = await fetch(`${target.apiUrl}${req.path}${search ? `?${search}` : ''}`, {
      method,
      headers,
      body: req.sendBody ?? body,
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      json: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
  };
  return Object.assign(call, {
    async ok<T>(req: SignedRequest): Promise<T> {
      const res = await call(req);
      if (res.status !== 200) throw new Error(`${req.path} → ${res.status} ${JSON.stringify(res.json)}`);
      return res.json as T;
    },
  });
}
