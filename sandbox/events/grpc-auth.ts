import { timingSafeEqual } from 'node:crypto';
import { parseTimestamp, REQUEST_HEADER_NAMES, type SignatureAlgorithm } from '../../shared/signing';
import { grpcSignature, GRPC_SIGNING_SCHEMES } from '../../shared/grpc-signing';

/**
 * Verifies the signed metadata of a Subscribe call as strictly as the HTTP API verifies a request
 * (the HTTP signing scheme, sent as call metadata): every header present, the app key known, the configured algorithm, a fresh
 * timestamp, an unused nonce, and a signature that matches under one of the accepted schemes (see
 * electron/streaming/grpc-signing.ts) over the authority with or without its port.
 */
/** The HTTP request headers less x-version, which gRPC metadata need not carry (it is not signed). */
export const REQUIRED_METADATA = REQUEST_HEADER_NAMES.filter(
  (name): name is Exclude<(typeof REQUEST_HEADER_NAMES)[number], 'x-version'> => name !== 'x-version',
);

export interface GrpcAuthConfig {
  appKey: string;
  appSecret: string;
  /** Accepted algorithms; each call is verified strictly by the one its metadata names. */
  algorithms: readonly SignatureAlgorithm[];
  toleranceMs: number;
  now(): number;
  /** First instant signed metadata is accepted from: nonces are in memory only, so older timestamps are refused (see http/auth.ts). */
  acceptFrom?: number;
}

export interface GrpcAuthInput {
  header(name: string): string | undefined;
  authority: string;
  requestBytes: Uint8Array;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function createGrpcAuthenticator(config: GrpcAuthConfig) {
  const seenNonces = new Map<string, number>();
  const notBefore = config.acceptFrom ?? -Infinity;

  /** Returns why the call is refused, or undefined when it is accepted. Never mentions the secret. */
  return function authenticate(input: GrpcAuthInput): string | undefined {
    for (const name of REQUIRED_METADATA) {
      if (!input.header(name)) return `missing metadata '${name}'`;
    }
    const get = (name: (typeof REQUIRED_METADATA)[number]) => input.header(name) ?? '';
    if (get('x-app-key') !== config.appKey) return 'unknown app key';
    const algorithm = config.algorithms.find((a) => a === get('x-signature-algorithm'));
    if (!algorithm) return `x-signature-algorithm must be ${config.algorithms.join(' or ')}`;
    const now = config.now();
    const at = parseTimestamp(get('x-timestamp'));
    if (Number.isNaN(at)) return 'x-timestamp is not YYYY-MM-DDThh:mm:ssZ';
    if (Math.abs(now - at) > config.toleranceMs) return 'x-timestamp is too far from the server clock';
    if (at < notBefore) return 'x-timestamp is from before this server started';
    for (const [nonce, expires] of seenNonces) if (expires < now) seenNonces.delete(nonce);
    const nonce = get('x-signature-nonce');
    if (seenNonces.has(nonce)) return 'x-signature-nonce was already used';

    const bareHost = input.authority.replace(/:\d+$/, '');
    const hosts = bareHost === input.authority ? [bareHost] : [input.authority, bareHost];
    const signature = get('x-signature');
    const matches = GRPC_SIGNING_SCHEMES.some((scheme) =>
      hosts.some((host) =>
        sameText(
          signature,
          grpcSignature({
            scheme,
            host,
            appKey: config.appKey,
            appSecret: config.appSecret,
            algorithm,
            requestBytes: input.requestBytes,
            timestamp: get('x-timestamp'),
            nonce,
          }),
        ),
      ),
    );
    if (!matches) return 'signature mismatch';
    seenNonces.set(nonce, now + 2 * config.toleranceMs);
    return undefined;
  };
}
