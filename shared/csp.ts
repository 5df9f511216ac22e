/**
 * The renderer's Content-Security-Policy, declared once for the two places it applies: main sends it
 * as a header on every response (electron/main/security.ts), and the renderer build writes it into
 * index.html as a <meta> (electron.vite.config.mts), which is what governs file:// loads, whose
 * responses carry no headers. test/integration/csp.test.ts ties the two together.
 */
const DIRECTIVES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  // React and the chart library set inline style attributes.
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:']],
  ['connect-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'none'"]],
  ['form-action', ["'none'"]],
  // Only honoured in the header: no page may frame the app.
  ['frame-ancestors', ["'none'"]],
];

/**
 * Directives a <meta> policy may not carry (the CSP Level 3 rule for a policy delivered by a meta element): Chromium
 * ignores them there and logs an error in the console of every window that loads the page.
 */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/**
 * The policy text. With `devServerHost` (the Vite dev server, only under ELECTRON_RENDERER_URL) it
 * also allows the HMR websocket and the React Refresh inline preamble.
 */
export function contentSecurityPolicy(opts: { devServerHost?: string; meta?: boolean } = {}): string {
  const dev = opts.devServerHost;
  return DIRECTIVES.filter(([name]) => !(opts.meta && HEADER_ONLY.has(name)))
    .map(([name, sources]) => {
      const extra =
        dev === undefined
          ? []
          : name === 'script-src'
            ? ["'unsafe-inline'"]
            : name === 'connect-src'
              ? [`ws://${dev}`]
              : [];
      return [name, ...sources, ...extra].join(' ');
    })
    .join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** The same policy without the header-only directives: what index.html's <meta> carries. */
export const META_CONTENT_SECURITY_POLICY = contentSecurityPolicy({ meta: true });

/** `html` with the policy as the first element of <head>; an html that declares its own is refused. */
export function withCspMeta(html: string, policy: string = META_CONTENT_SECURITY_POLICY): string {
  if (/http-equiv=["']?Content-Security-Policy/i.test(html)) {
    throw new Error('index.html declares its own Content-Security-Policy; shared/csp.ts is the only source');
  }
  if (policy.includes('"')) throw new Error('a policy with a double quote cannot go into a <meta> attribute');
  const head = /<head[^>]*>/i.exec(html);
  if (!head) throw new Error('index.html has no <head>');
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />${html.slice(at)}`;
}
