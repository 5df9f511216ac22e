import { bytesToHex, randomBytes } from '@noble/hashes/utils.js';
import {
  bytesDigestHex,
  canonicalParams,
  formatTimestamp,
  hmacBase64,
  percentEncode,
  signRequest,
  SIGNATURE_VERSION,
  type SignatureAlgorithm,
} from './signing';
import { SUBSCRIBE_METHOD_PATH } from './proto/events';

/**
 * Signing of the trade-event Subscribe call ("signed with the same scheme, sent as call
 * metadata"). How the real service builds the string to sign for gRPC is not published, so two
 * schemes are offered and the choice is a setting:
 *
 * - `path` (default): exactly the HTTP scheme (`signRequest`) over method POST, path
 *   `/grpc.trade.event.EventService/Subscribe`, no query, no body, and `host` = the call's
 *   authority (gRPC's Host header; with or without the port per `signHostWithPort`).
 * - `sdk`: what the official Python SDK's events client does: the five `x-` headers only (no
 *   host, no path), sorted, `&`, then the lower-case hex digest of the serialised
 *   SubscribeRequest bytes (MD5; SHA-256 under HMAC-SHA256), percent-encoded, HMAC with `secret&`.
 *
 * Both send the same metadata: x-app-key, x-timestamp, x-signature, x-signature-algorithm,
 * x-signature-version, x-signature-nonce, x-version. The sandbox accepts either scheme.
 */
export type GrpcSigningScheme = 'path' | 'sdk';
export const GRPC_SIGNING_SCHEMES: readonly GrpcSigningScheme[] = ['path', 'sdk'];

export interface GrpcSignInput {
  scheme: GrpcSigningScheme;
  appKey: string;
  appSecret: string;
  algorithm: SignatureAlgorithm;
  /** The call's authority as sent (`host:port`), or the bare host. */
  host: string;
  /** The serialised SubscribeRequest (used by the `sdk` scheme). */
  requestBytes: Uint8Array;
  timestamp: string;
  nonce: string;
}

function sdkSignature(input: Omit<GrpcSignInput, 'scheme' | 'host'>): string {
  const headers: [string, string][] = [
    ['x-app-key', input.appKey],
    ['x-signature-algorithm', input.algorithm],
    ['x-signature-version', SIGNATURE_VERSION],
    ['x-signature-nonce', input.nonce],
    ['x-timestamp', input.timestamp],
  ];
  const digest = bytesDigestHex(input.requestBytes, input.algorithm);
  const text = percentEncode(`${canonicalParams(headers)}&${digest}`);
  return hmacBase64(input.algorithm, input.appSecret, text);
}

export function grpcSignature(input: GrpcSignInput): string {
  if (input.scheme === 'sdk') return sdkSignature(input);
  return signRequest({
    method: 'POST',
    path: SUBSCRIBE_METHOD_PATH,
    query: [],
    body: null,
    host: input.host,
    appKey: input.appKey,
    appSecret: input.appSecret,
    timestamp: input.timestamp,
    nonce: input.nonce,
    algorithm: input.algorithm,
  }).signature;
}

export interface GrpcMetadataInput extends Omit<GrpcSignInput, 'timestamp' | 'nonce'> {
  xVersion: string;
  now: number;
}

/** The metadata of one Subscribe call, with a fresh nonce. */
export function signedGrpcMetadata(input: GrpcMetadataInput): Record<string, string> {
  const timestamp = formatTimestamp(input.now);
  const nonce = bytesToHex(randomBytes(16));
  return {
    'x-app-key': input.appKey,
    'x-timestamp': timestamp,
    'x-signature': grpcSignature({ ...input, timestamp, nonce }),
    'x-signature-algorithm': input.algorithm,
    'x-signature-version': SIGNATURE_VERSION,
    'x-signature-nonce': nonce,
    'x-version': input.xVersion,
  };
}
