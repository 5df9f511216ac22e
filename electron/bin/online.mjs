// Whether the Electron binary could be fetched right now. Only asked when the binary is absent; it
// must never hold up `npm start` for more than a moment (a resolver that hangs is common on
// offline machines), so the whole check, DNS included, races one short deadline.
import { request } from 'node:https';

export const ONLINE_CHECK_MS = 750;

/**
 * Resolves true when `url` answers within `timeoutMs`, false on any error or when the deadline
 * passes first, whatever the resolver or the socket are doing then. `requestOptions` (e.g. a
 * `lookup`) go to `https.request`.
 */
export function isOnline(url = 'https://github.com', timeoutMs = ONLINE_CHECK_MS, requestOptions = {}) {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(value);
    };
    const deadline = setTimeout(() => {
      req.destroy();
      settle(false);
    }, timeoutMs);
    const req = request(url, { ...requestOptions, method: 'HEAD' }, (res) => {
      res.resume();
      settle(true);
    });
    req.on('error', () => settle(false));
    req.end();
  });
}
