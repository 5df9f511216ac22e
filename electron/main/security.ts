import type { Session } from 'electron';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '../../shared/csp';
import type { Logger } from '../services/logger';

/**
 * Session-wide hardening (Electron security checklist): a strict CSP on every response (the policy
 * is shared/csp.ts, which the renderer build also writes into index.html as a <meta> for file://
 * loads), and every permission request (camera, notifications, geolocation, …) denied.
 */
export function hardenSession(ses: Session, opts: { devServerUrl?: string; logger: Logger }): void {
  const policy = opts.devServerUrl
    ? contentSecurityPolicy({ devServerHost: new URL(opts.devServerUrl).host })
    : CONTENT_SECURITY_POLICY;
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
  ses.setPermissionRequestHandler((_webContents, permission, callback) => {
    opts.logger.warn(`permission request denied: ${permission}`);
    callback(false);
  });
  ses.setPermissionCheckHandler(() => false);
}

/** The two parts of Electron's WebContents these rules use. */
export interface HardenableContents {
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/**
 * Rules for every web contents Electron creates, ours or not (the checklist's webview and
 * new-window items): a `<webview>` is never attached, and no contents may open a window (the app's
 * own windows add their own handler that sends https links to the system browser).
 */
export function hardenWebContents(contents: HardenableContents): void {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
