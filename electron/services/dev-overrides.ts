/**
 * Environment variables that change how main behaves, for development and the test suites only.
 * A packaged build ignores every one of them (docs/security.md): otherwise anyone able to set a
 * variable before launch could point the app at another profile folder, echo the log to a
 * terminal, or serve the renderer from a dev server.
 */
export const DEV_OVERRIDE_VARIABLES = [
  'BULLPEN_USER_DATA',
  'BULLPEN_LOG_ECHO',
  'BULLPEN_SANDBOX_TOKEN_CHECK',
  'ELECTRON_RENDERER_URL',
  'BULLPEN_BENCH_SANDBOX',
  'BULLPEN_BENCH_PROBE',
] as const;

export interface DevOverrides {
  /** Another userData folder (a fresh profile per test). */
  userDataDir?: string;
  /** Echo the log to stdout. */
  echoLog: boolean;
  /** Make the embedded sandbox check access tokens. */
  sandboxTokenCheck: boolean;
  /** The Vite dev server serving the renderer. */
  devServerUrl?: string;
  /** `npm run bench`: JSON addresses and key pair of the benchmark's own sandbox (bench-hooks.ts). */
  benchSandbox?: string;
  /** `npm run bench`: file main appends its event-loop delay and memory to on SIGUSR2 (bench-hooks.ts). */
  benchProbe?: string;
}

export function devOverrides(
  env: Readonly<Record<string, string | undefined>>,
  isPackaged: boolean,
): DevOverrides {
  if (isPackaged) return { echoLog: false, sandboxTokenCheck: false };
  return {
    ...(env.BULLPEN_USER_DATA ? { userDataDir: env.BULLPEN_USER_DATA } : {}),
    echoLog: env.BULLPEN_LOG_ECHO === '1',
    sandboxTokenCheck: env.BULLPEN_SANDBOX_TOKEN_CHECK === '1',
    ...(env.ELECTRON_RENDERER_URL ? { devServerUrl: env.ELECTRON_RENDERER_URL } : {}),
    ...(env.BULLPEN_BENCH_SANDBOX ? { benchSandbox: env.BULLPEN_BENCH_SANDBOX } : {}),
    ...(env.BULLPEN_BENCH_PROBE ? { benchProbe: env.BULLPEN_BENCH_PROBE } : {}),
  };
}
