import { describe, expect, it } from 'vitest';
import { DEV_OVERRIDE_VARIABLES, devOverrides } from './dev-overrides';

const env = {
  BULLPEN_USER_DATA: '/tmp/elsewhere',
  BULLPEN_LOG_ECHO: '1',
  BULLPEN_SANDBOX_TOKEN_CHECK: '1',
  ELECTRON_RENDERER_URL: 'http://localhost:5173',
  BULLPEN_BENCH_SANDBOX: '{"apiUrl":"http://127.0.0.1:1"}',
  BULLPEN_BENCH_PROBE: '/tmp/probe.jsonl',
};

describe('development overrides', () => {
  it('apply in a development run', () => {
    expect(devOverrides(env, false)).toEqual({
      userDataDir: '/tmp/elsewhere',
      echoLog: true,
      sandboxTokenCheck: true,
      devServerUrl: 'http://localhost:5173',
      benchSandbox: '{"apiUrl":"http://127.0.0.1:1"}',
      benchProbe: '/tmp/probe.jsonl',
    });
    expect(devOverrides({}, false)).toEqual({ echoLog: false, sandboxTokenCheck: false });
  });

  it('are all ignored in a packaged build', () => {
    expect(devOverrides(env, true)).toEqual({ echoLog: false, sandboxTokenCheck: false });
    // Every variable the test sets is one the list documents, and vice versa.
    expect([...DEV_OVERRIDE_VARIABLES].sort()).toEqual(Object.keys(env).sort());
  });
});
