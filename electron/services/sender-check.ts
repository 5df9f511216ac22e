/**
 * Who may talk to main over IPC (Electron's security checklist: "validate the sender of all IPC
 * messages"): the frame must be our own renderer — the built `index.html` served from
 * `app://bullpen/` (or a file:// build, when configured) or the dev server's origin — and the web
 * contents must belong to one of our windows. Query and hash are ignored (windows open panels
 * with `?panel=chart`).
 */
export interface TrustedOrigins {
  /** `app://bullpen/index.html`: the page the app protocol serves (electron/services/app-protocol.ts). */
  appUrl?: string;
  /** `file:///…/out/renderer/index.html` of a build loaded from disk. */
  rendererFileUrl?: string;
  /** `http://localhost:5173` when running the dev server. */
  devServerUrl?: string;
}

function withoutQuery(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

export function isTrustedRendererUrl(frameUrl: string | undefined | null, origins: TrustedOrigins): boolean {
  if (!frameUrl) return false;
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch (error) {
    void error;
    return false;
  }
  if (url.protocol === 'file:') {
    return (
      origins.rendererFileUrl !== undefined &&
      withoutQuery(url) === withoutQuery(new URL(origins.rendererFileUrl))
    );
  }
  if (origins.appUrl && url.protocol === new URL(origins.appUrl).protocol) {
    // Custom schemes have an opaque origin ("null"), so scheme, host and page are compared.
    return withoutQuery(url) === withoutQuery(new URL(origins.appUrl));
  }
  if (origins.devServerUrl && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return url.origin === new URL(origins.devServerUrl).origin;
  }
  return false;
}

export interface SenderLike {
  id: number;
}

/** Both checks: our origin, and a web contents we created (not some other frame or webview). */
export function isTrustedSender(
  sender: SenderLike | undefined | null,
  frameUrl: string | undefined | null,
  ourWebContentsIds: ReadonlySet<number>,
  origins: TrustedOrigins,
): boolean {
  if (!sender || !ourWebContentsIds.has(sender.id)) return false;
  return isTrustedRendererUrl(frameUrl, origins);
}

/** External links: https only, no credentials in the URL (docs/shell.md). */
export function isSafeExternalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (error) {
    void error;
    return false;
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname.length > 0;
}
