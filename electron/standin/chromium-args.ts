/**
 * Chromium's switches for the stand-in's browser, and for the benchmark's bare pages beside it
 * (docs/testing.md "Chromium's own browser UI").
 */

/**
 * playwright-core's own `--disable-features` list (its chromiumSwitches). Chromium reads only the
 * last `--disable-features` switch on its command line, and Playwright puts its list before the
 * caller's, so a caller that disables a feature must repeat Playwright's list.
 * chromium-args.test.ts reads Playwright's switch from a launched browser and fails when the list
 * here no longer covers it.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Browser UI that Chromium builds at launch and Electron does not have. Chromium 156 preloads its
 * address bar's popups (`chrome://omnibox-popup.top-chrome/` and its AI-mode page) in a renderer of
 * their own, headless or not: measured here, that renderer loaded about 450 chrome:// resources
 * and kept a core busy for the first 5 s, while the app's own renderer started on the other one
 * (docs/benchmark.md "startup").
 */
export const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Electron treats file:// as a privileged scheme that may load ES modules; Chromium needs this
  // flag for the built renderer's <script type="module"> under file:// (docs/testing.md, limits).
  '--allow-file-access-from-files',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`,
];
