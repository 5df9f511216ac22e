import { describe, expect, it } from 'vitest';
import { parseSandboxArgs } from './cli';

describe('parseSandboxArgs', () => {
  it('reads every option', () => {
    expect(
      parseSandboxArgs([
        '--port',
        '7000',
        '--data-dir',
        '/tmp/x',
        '--seed',
        '7',
        '--algorithm',
        'HMAC-SHA256',
        '--token-check',
        '--replay',
        '--linked-orders',
        'BRACKET,OCO',
        '--group-activation',
        'partial',
        '--synthetic-symbols',
        '4000',
      ]),
    ).toEqual({
      port: 7000,
      dataDir: '/tmp/x',
      seed: 7,
      algorithm: 'HMAC-SHA256',
      tokenCheckEnabled: true,
      replayWhenClosed: true,
      linkedOrders: ['BRACKET', 'OCO'],
      groupActivation: 'partial',
      syntheticSymbols: 4000,
    });
    expect(() => parseSandboxArgs(['--group-activation', 'half'])).toThrow(
      '--group-activation must be full or partial',
    );
    expect(() => parseSandboxArgs(['--linked-orders', 'BRACKET,OTC'])).toThrow(
      '--linked-orders takes BRACKET, OTO, OCO, OTOCO, not OTC',
    );
    expect(parseSandboxArgs([])).toEqual({});
  });

  it('rejects unknown options, missing values and bad values', () => {
    expect(() => parseSandboxArgs(['--nope'])).toThrow(/unknown option '--nope'/);
    expect(() => parseSandboxArgs(['--port'])).toThrow(/needs a value/);
    expect(() => parseSandboxArgs(['--port', 'x'])).toThrow(/integer/);
    expect(() => parseSandboxArgs(['--port', '70000'])).toThrow(/integer/);
    expect(() => parseSandboxArgs(['--synthetic-symbols', '20001'])).toThrow(/integer in 0..20000/);
    expect(() => parseSandboxArgs(['--algorithm', 'MD5'])).toThrow(/HMAC-SHA1 or HMAC-SHA256/);
  });
});
