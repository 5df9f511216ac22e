import type { Session } from 'electron';
import type { Logger } from '../services/logger';

/**
 * Session-wide hardening (Electron security checklist): a strict CSP on every response (the same
 * policy is also a <meta> in renderer/index.html, which is what applies to file:// loads), and
 * every permission request (camera, notifications, geolocation, …) denied.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** The dev server needs its HMR websocket and React Refresh preamble; used only with ELECTRON_RENDERER_URL. */
export function devContentSecurityPolicy(devServerUrl: string): string {
  const origin = new URL(devServerUrl);
  const ws = `ws://${origin.host}`;
  return `default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ${ws}; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`;
}

export function hardenSession(ses: Session, opts: { devServerUrl?: string; logger: Logger }): void {
  const policy = opts.devServerUrl ? devContentSecurityPolicy(opts.devServerUrl) : CONTENT_SECURITY_POLICY;
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
  ses.setPermissionRequestHandler((_webContents, permission, callback) => {
    opts.logger.warn(`permission request denied: ${permission}`);
    callback(false);
  });
  ses.setPermissionCheckHandler(() => false);
}
