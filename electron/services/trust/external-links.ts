import { REGION_DOMAINS } from '../../../shared/environments';
import { isSafeExternalUrl } from '../sender-check';

/**
 * Hosts a link may open in the system browser without asking: the broker's own sites in every
 * region, and the regulators' filing sites company filings link to. Any other https host is opened
 * only after the user says yes in main's dialog (docs/security.md), so a compromised renderer
 * cannot send the user, or data in a URL, anywhere it likes.
 */
const ALLOWED_DOMAINS: readonly string[] = [...Object.values(REGION_DOMAINS), 'sec.gov', 'hkexnews.hk'];

export function isAllowListedLink(raw: string): boolean {
  // https, no credentials (the rule every external link meets), and the default port only.
  if (!isSafeExternalUrl(raw)) return false;
  const url = new URL(raw);
  if (url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return ALLOWED_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`));
}
