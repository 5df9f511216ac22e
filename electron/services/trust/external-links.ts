import { REGION_DOMAINS } from '../../../shared/environments';

/**
 * Hosts a link may open in the system browser without asking: the broker's own sites in every
 * region, and the regulators' filing sites company filings link to. Any other https host is opened
 * only after the user says yes in main's dialog (docs/security.md), so a compromised renderer
 * cannot send the user, or data in a URL, anywhere it likes.
 */
const ALLOWED_DOMAINS: readonly string[] = [...Object.values(REGION_DOMAINS), 'sec.gov', 'hkexnews.hk'];

export function isAllowListedLink(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (error) {
    void error;
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '')
    return false;
  const host = url.hostname.toLowerCase();
  return ALLOWED_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`));
}
