import { z } from 'zod';

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

export const environmentSettings = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(64),
  kind: z.enum(['sandbox', 'custom']),
  /** `https://api.webull.com` or `http://127.0.0.1:PORT`. */
  apiBaseUrl: z.string().url(),
  /** `mqtts://data-api.webull.com:1883` or `mqtt://127.0.0.1:PORT`. */
  quotesUrl: z.string().url(),
  /** `events-api.webull.com:443` (host:port). */
  eventsAddress: z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'expected host:port'),
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
        .regex(/-----BEGIN CERTIFICATE-----/, 'expected a PEM certificate (-----BEGIN CERTIFICATE-----)'),
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
