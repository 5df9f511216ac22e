import { z } from 'zod';
import { printableText } from './text';
import {
  DEFAULT_FRACTIONAL_RULES,
  type FractionalRules,
  GROUP_KIND_VALUES,
  type LinkedOrders,
  TEST_ENVIRONMENT_LINKED_ORDERS,
} from './trading';

/**
 * Where Bullpen talks to: the embedded Sandbox (default) or a user-defined environment. Every fact
 * the real service may change by region or over time (docs/openapi-client.md) is a setting here.
 */

interface Preset {
  name: string;
  /** API, quotes (MQTT) and events (gRPC) hosts. */
  api: string;
  quotes: string;
  events: string;
  /**
   * The broker's Python SDK signs with HMAC-SHA1 on the hosts it lists as upgraded (US and HK,
   * production and test) and with HMAC-SHA256 everywhere else.
   */
  algorithm: 'HMAC-SHA1' | 'HMAC-SHA256';
  /** Linked-order kinds the environment takes, where it was seen to refuse some (default all). */
  linkedOrders?: LinkedOrders;
  /** Orders by amount (fractional shares): Webull's guide offers them for US stocks only. */
  fractional?: boolean;
}

const regionPreset = (code: string, domain: string, algorithm: Preset['algorithm']): Preset => ({
  name: `Webull ${code}`,
  api: `api.${domain}`,
  quotes: `data-api.${domain}`,
  events: `events-api.${domain}`,
  algorithm,
});

/**
 * The real service's environments a user picks from a list (docs/openapi-client.md, "Environments"):
 * hosts as the broker's SDKs and Webull's SDK page list them. `us-test` is Webull's US test
 * environment; its keys are separate from production keys.
 */
export const ENVIRONMENT_PRESETS = {
  us: { ...regionPreset('US', 'webull.com', 'HMAC-SHA1'), name: 'Webull US (production)', fractional: true },
  'us-test': {
    name: 'Webull US test',
    api: 'us-openapi-alb.uat.webullbroker.com',
    quotes: 'us-openapi-quotes-api.uat.webullbroker.com',
    events: 'us-openapi-events.uat.webullbroker.com',
    algorithm: 'HMAC-SHA1',
    // Seen to refuse OTO, OCO and OTOCO with `invalid combo_type` while it took brackets.
    linkedOrders: TEST_ENVIRONMENT_LINKED_ORDERS,
    fractional: true,
  },
  hk: regionPreset('HK', 'webull.hk', 'HMAC-SHA1'),
  jp: regionPreset('JP', 'webull.co.jp', 'HMAC-SHA256'),
  sg: regionPreset('SG', 'webull.com.sg', 'HMAC-SHA256'),
  au: regionPreset('AU', 'webull.com.au', 'HMAC-SHA256'),
  uk: regionPreset('UK', 'webull-uk.com', 'HMAC-SHA256'),
  eu: regionPreset('EU', 'webull.eu', 'HMAC-SHA256'),
} as const satisfies Record<string, Preset>;
export type Region = keyof typeof ENVIRONMENT_PRESETS;
export const REGIONS = Object.keys(ENVIRONMENT_PRESETS) as [Region, ...Region[]];

/** The region domains (kept for callers that show a region by its domain). */
export const REGION_DOMAINS = {
  us: 'webull.com',
  hk: 'webull.hk',
  jp: 'webull.co.jp',
  sg: 'webull.com.sg',
  au: 'webull.com.au',
  uk: 'webull-uk.com',
  eu: 'webull.eu',
} as const;

/**
 * Option rules that changed after the interface text. `marketOrders`: options take MARKET orders;
 * `sellDayOnly`: an option sell must be DAY; `positionIntent`: orders carry `position_intent`
 * (BUY_TO_OPEN … SELL_TO_CLOSE). The real service today: no MARKET, DAY-only sells, intent sent.
 */
const optionRules = z.object({
  marketOrders: z.boolean(),
  sellDayOnly: z.boolean(),
  positionIntent: z.boolean(),
});
export type OptionRules = z.output<typeof optionRules>;
export const REAL_OPTION_RULES: OptionRules = {
  marketOrders: false,
  sellDayOnly: true,
  positionIntent: true,
};
/** The rules as the interface text states them (no such restrictions): the sandbox's default. */
export const INTERFACE_OPTION_RULES: OptionRules = {
  marketOrders: true,
  sellDayOnly: false,
  positionIntent: false,
};

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
function isPemCertificateShape(text: string): boolean {
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
  /**
   * Path set of the trading and token operations: `openapi` (`/openapi/...`, the interface text and
   * the broker's SDKs) or `v3` (`/trading/...`, `/auth/tokens/...`, Webull's current reference), as
   * a whole (shared/openapi/path-schemes.ts).
   */
  pathScheme: z.enum(['openapi', 'v3']).optional(),
  /**
   * Where option orders go: `unified` (the stock order endpoints with a `category: US_OPTION`
   * request header, as the broker's current SDK sends them) or `option` (the option twins of the
   * interface text).
   */
  optionOrders: z.enum(['unified', 'option']).optional(),
  /** Absent: the real rules, or the interface text's on the Sandbox (`optionRulesOf`). */
  optionRules: optionRules.optional(),
  /**
   * Which linked-order kinds (shared/trading/groups.ts) the environment takes. Absent: its preset's
   * (Webull's US test environment: brackets only), else all (`linkedOrdersOf`).
   */
  linkedOrders: z.array(z.enum(GROUP_KIND_VALUES)).optional(),
  /**
   * Orders by amount (fractional shares, shared/trading/entrust-types.ts). Absent: the Sandbox's
   * and the US presets' defaults (a $5 minimum buy), none elsewhere (`fractionalRulesOf`).
   */
  fractionalOrders: z
    .object({
      allowed: z.boolean(),
      minimumBuy: z.string().regex(/^\d+(\.\d{1,2})?$/, 'expected dollars, e.g. 5 or 1.50'),
    })
    .optional(),
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
  const p: Preset = ENVIRONMENT_PRESETS[region];
  return {
    id,
    name: p.name,
    kind: 'custom',
    apiBaseUrl: `https://${p.api}`,
    quotesUrl: `mqtts://${p.quotes}:1883`,
    eventsAddress: `${p.events}:443`,
    eventsTls: true,
    algorithm: p.algorithm,
    xVersion: 'v2',
    accountListPath: '/openapi/account/list',
    pathScheme: 'openapi',
    optionOrders: 'unified',
    optionRules: REAL_OPTION_RULES,
    signHostWithPort: true,
  };
}

/** The environment's option rules: its own, else the real service's (the interface text's on the Sandbox). */
export function optionRulesOf(env: Pick<EnvironmentSettings, 'kind' | 'optionRules'>): OptionRules {
  return env.optionRules ?? (env.kind === 'sandbox' ? INTERFACE_OPTION_RULES : REAL_OPTION_RULES);
}
/** The linked-order kinds an environment takes: its own setting, else its API host's preset's, else all. */
export function linkedOrdersOf(env: Pick<EnvironmentSettings, 'linkedOrders' | 'apiBaseUrl'>): LinkedOrders {
  if (env.linkedOrders) return env.linkedOrders;
  const host = hostOf(env.apiBaseUrl);
  const preset = Object.values(ENVIRONMENT_PRESETS).find((p: Preset) => p.api === host) as Preset | undefined;
  return preset?.linkedOrders ?? GROUP_KIND_VALUES;
}
/**
 * Orders by amount in an environment: its own setting, else the defaults on the Sandbox (its engine
 * fills them) and on a preset that offers them (Webull US), else none: Bullpen does not send a
 * form an environment was never said to take.
 */
export function fractionalRulesOf(
  env: Pick<EnvironmentSettings, 'kind' | 'fractionalOrders' | 'apiBaseUrl'>,
): FractionalRules {
  if (env.fractionalOrders) return env.fractionalOrders;
  if (env.kind === 'sandbox') return DEFAULT_FRACTIONAL_RULES;
  const host = hostOf(env.apiBaseUrl);
  const preset = Object.values(ENVIRONMENT_PRESETS).find((p: Preset) => p.api === host) as Preset | undefined;
  return { ...DEFAULT_FRACTIONAL_RULES, allowed: preset?.fractional === true };
}
/** Absent (an environment saved before the setting existed): the option twins, as before. */
export const optionOrdersOf = (env: Pick<EnvironmentSettings, 'optionOrders'>) =>
  env.optionOrders ?? 'option';
export const pathSchemeOf = (env: Pick<EnvironmentSettings, 'pathScheme'>) => env.pathScheme ?? 'openapi';

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch (error) {
    void error;
    return url;
  }
};

/** Every host a preset talks to (API, quotes, events). */
export const PRESET_HOSTS: ReadonlySet<string> = new Set(
  Object.values(ENVIRONMENT_PRESETS).flatMap((p: Preset) => [p.api, p.quotes, p.events]),
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
