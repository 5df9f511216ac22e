import { useMutation } from '@tanstack/react-query';
import { errorMessage, invoke } from '../../lib/bridge';
import styles from './About.module.css';

/** Where a Webull app key and secret come from: Webull's own page on applying for API access. */
export const WEBULL_KEY_HELP_URL =
  'https://developer.webull.com/apis/docs/authentication/IndividualApplicationAPI/';

/** Bullpen's version (the build writes it from package.json) and the browser engine it runs on. */
function appVersion(): string {
  return import.meta.env.BULLPEN_VERSION ?? 'development build';
}

function engine(): string | undefined {
  return /Chrome\/([\d.]+)/.exec(navigator.userAgent)?.[1];
}

/** "Where do I get a key?": Webull's application page, in the system browser (main opens https only). */
export function KeyHelpLink() {
  const open = useMutation({ mutationFn: () => invoke('shell.openExternal', { url: WEBULL_KEY_HELP_URL }) });
  return (
    <span>
      <button type="button" className="btn" onClick={() => open.mutate()}>
        Where do I get a Webull app key?
      </button>
      {open.error && <span role="alert">{errorMessage(open.error)}</span>}
      {open.data && !open.data.opened && <span role="alert">The link could not be opened.</span>}
    </span>
  );
}

export function AboutSection() {
  const chromium = engine();
  return (
    <section className={styles.about} aria-label="About Bullpen">
      <h3 className={styles.aboutTitle}>About</h3>
      <dl>
        <dt>Version</dt>
        <dd data-testid="app-version">Bullpen {appVersion()}</dd>
        {chromium && (
          <>
            <dt>Engine</dt>
            <dd>Chromium {chromium}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
