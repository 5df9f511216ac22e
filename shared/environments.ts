import { z } from 'zod';
import { printableText } from './text';

/**
 * Where Bullpen talks to: the embedded Sandbox (default) or a user-defined environment. Every fact
 * the real service may change by region or over time (docs/openapi-client.md) is a setting here.
 */
export const REGION_DOMAINS = {
  us: 'webull.com',
  hk: 'webull.hk',
  jp: 'webull.co.jp',
  sg: 'webull.com.sg',
  au: 'webull.com.au',
  uk: 'webull-uk.com',
  eu: 'webull.eu',
} as const;
export type Region = keyof typeof REGION_DOMAINS;

/** Hosts that never leave this machine: the only ones a plaintext scheme may name. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h === '[::1]' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export { printableText };

/**
 * A URL the client may connect to: one of `secure` schemes anywhere, one of `loopbackOnly` only to
 * this machine (a signed request in plaintext over a network would leak the signature and the
 * access token). No credentials inside the URL, a port in 1–65535 (the URL parser refuses more),
 * no query or fragment, nothing but printable ASCII.
 */
function connectUrl(secure: readonly string[], loopbackOnly: readonly string[]) {
  return z.string().superRefine((text, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!/^[\x21-\x7e]+$/.test(text)) return fail('Invalid URL: only printable characters, no spaces');
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return fail('Invalid URL: expected scheme://host[:port] with a port in 1–65535');
    }
    const scheme = url.protocol.replace(/:$/, '');
    const hostname = url.hostname;
    if (!secure.includes(scheme) && !loopbackOnly.includes(scheme))
      return fail(`expected ${[...secure, ...loopbackOnly].map((x) => `${x}://`).join(', ')}`);
    if (hostname === '') return fail('expected a host');
    if (loopbackOnly.includes(scheme) && !isLoopbackHost(hostname))
      return fail(
        `${scheme}:// is only allowed to this machine (127.0.0.1, localhost, [::1]); use ${secure.map((x) => `${x}://`).join(' or ')}`,
      );
    if (url.username !== '' || url.password !== '') return fail('credentials inside the URL are not allowed');
    if (url.port === '0') return fail('expected a port in 1–65535');
    if (url.search !== '' || url.hash !== '' || text.includes('?') || text.includes('#'))
      return fail('a query or fragment is not allowed');
  });
}

/**
 * A PEM certificate bundle, checked for shape only (shared code cannot parse X.509; main parses
 * it for real before storing it): one or more BEGIN/END CERTIFICATE blocks of base64.
 */
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n?-----END CERTIFICATE-----/g;
export function isPemCertificateShape(text: string): boolean {
  if (text.length > 256 * 1024) return false;
  const rest = text.replace(PEM_BLOCK, (_m, body: string) => {
    const b64 = body.replace(/[\r\n]/g, '');
    return b64.length > 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(b64) && b64.length % 4 === 0 ? '' : '\u0000';
  });
  return rest !== text && rest.trim() === '';
}

export const environmentSettings = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(64).regex(printableText, 'control characters are not allowed'),
  kind: z.enum(['sandbox', 'custom']),
  /** `https://api.webull.com` or `http://127.0.0.1:PORT`. */
  apiBaseUrl: connectUrl(['https'], ['http']),
  /** `mqtts://data-api.webull.com:1883` or `mqtt://127.0.0.1:PORT`. */
  quotesUrl: connectUrl(['mqtts', 'wss'], ['mqtt', 'ws']),
  /** `events-api.webull.com:443` (host:port). */
  eventsAddress: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'expected host:port')
    .refine((a) => {
      const port = Number(a.slice(a.lastIndexOf(':') + 1));
      return port >= 1 && port <= 65535;
    }, 'expected a port in 1–65535'),
  eventsTls: z.boolean(),
  algorithm: z.enum(['HMAC-SHA1', 'HMAC-SHA256']),
  xVersion: z.enum(['v2', 'v3']),
  /** Which account-list path to try first; the client falls back to the other on 404. */
  accountListPath: z.enum(['/openapi/account/list', '/trading/accounts/list']),
  /** Sign `host` with or without `:port` on a non-default port (docs/openapi-client.md). */
  signHostWithPort: z.boolean().default(true),
  /**
   * PEM of an extra trusted CA, e.g. a corporate proxy's or a self-signed test CA; system roots
   * stay trusted. Used for HTTPS, mqtts and gRPC TLS alike. Absent: the default roots only.
   */
  // An empty text means "none": how an editor clears it (an absent key would not survive the patch).
  caCertificate: z
    .union([
      z.literal('').transform(() => undefined),
      z
        .string()
        .refine(
          isPemCertificateShape,
          'expected a PEM certificate (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE----- around base64)',
        ),
    ])
    .optional(),
});
export type EnvironmentSettings = z.output<typeof environmentSettings>;

export function regionEnvironment(region: Region, id = `region-${region}`): EnvironmentSettings {
  const domain = REGION_DOMAINS[region];
  return {
    id,
    name: `Webull ${region.toUpperCase()}`,
    kind: 'custom',
    apiBaseUrl: `https://api.${domain}`,
    quotesUrl: `mqtts://data-api.${domain}:1883`,
    eventsAddress: `events-api.${domain}:443`,
    eventsTls: true,
    algorithm: 'HMAC-SHA1',
    xVersion: 'v2',
    accountListPath: '/openapi/account/list',
    signHostWithPort: true,
  };
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch (error) {
    void error;
    return url;
  }
};

/** Every host a region preset talks to: api., data-api. and events-api. of each region domain. */
export const PRESET_HOSTS: ReadonlySet<string> = new Set(
  Object.values(REGION_DOMAINS).flatMap((d) => [`api.${d}`, `data-api.${d}`, `events-api.${d}`]),
);

/** The hosts of `settings` (API, quotes, events) in the order given, each once. */
export function environmentHosts(
  settings: Partial<Pick<EnvironmentSettings, 'apiBaseUrl' | 'quotesUrl' | 'eventsAddress'>>,
): string[] {
  const hosts = [
    settings.apiBaseUrl === undefined ? undefined : hostOf(settings.apiBaseUrl),
    settings.quotesUrl === undefined ? undefined : hostOf(settings.quotesUrl),
    settings.eventsAddress === undefined
      ? undefined
      : settings.eventsAddress.replace(/:\d+$/, '').toLowerCase(),
  ];
  return [...new Set(hosts.filter((h): h is string => h !== undefined))];
}

/** The hosts of `settings` that no region preset uses: signed traffic to them needs the user's yes. */
export function unknownHosts(
  settings: Partial<Pick<EnvironmentSettings, 'apiBaseUrl' | 'quotesUrl' | 'eventsAddress'>>,
): string[] {
  return environmentHosts(settings).filter((h) => !PRESET_HOSTS.has(h));
}
