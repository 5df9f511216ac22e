import type { SignatureAlgorithm } from '../shared/signing';
import {
  GROUP_ACTIVATIONS,
  GROUP_KIND_VALUES,
  type GroupActivation,
  type GroupKind,
} from '../shared/trading';
import { parseMarketSpeed, parseMarketStart } from './market/market-start';
import { MAX_SYNTHETIC_SYMBOLS } from './market/synthetic-universe';
import { startSandbox } from './server';
import type { SandboxOptions } from './types';

/**
 * `bullpen sandbox [--port N] [--data-dir D] [--seed S] [--algorithm HMAC-SHA1|HMAC-SHA256] [--token-check] [--replay] [--clock ISO-TIME] [--speed N] [--wire real|documented] [--linked-orders KINDS] [--group-activation full|partial] [--synthetic-symbols N]`
 * (docs/sandbox.md). Once every listener is ready it prints exactly one JSON line on stdout, the only
 * thing ever written there, so scripts and the e2e harness can read it; logs go to stderr. It
 * resolves after a clean stop on SIGINT/SIGTERM. `--replay` loops through the last regular session
 * when started while the market is shut (SandboxOptions.replayWhenClosed); `--clock` starts the
 * market at a fixed instant and runs it from there (SandboxOptions.marketStartAt); `--speed` runs the
 * market clock that many times as fast as the wall clock (SandboxOptions.marketSpeed). `--wire documented`
 * answers in the interface text's idealised forms instead of the real service's (SandboxOptions.wire).
 * `--linked-orders BRACKET` takes only the linked-order kinds listed, comma-separated (of BRACKET,
 * OTO, OCO, OTOCO), as Webull's test environment does (SandboxOptions.linkedOrders).
 * `--group-activation partial` starts a master's children at its first fill, for the shares filled
 * (default `full`: once it has filled completely; SandboxOptions.groupActivation).
 * `--synthetic-symbols N` adds N synthetic stocks for a benchmark (SandboxOptions.syntheticSymbols).
 */
export const SANDBOX_USAGE =
  'usage: bullpen sandbox [--port N] [--data-dir D] [--seed S] [--algorithm HMAC-SHA1|HMAC-SHA256] [--token-check] [--replay] [--clock ISO-TIME] [--speed N] [--wire real|documented] [--linked-orders KINDS] [--group-activation full|partial] [--synthetic-symbols N]';

export function parseSandboxArgs(argv: readonly string[]): SandboxOptions {
  const opts: SandboxOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--'))
        throw new Error(`sandbox: ${flag} needs a value\n${SANDBOX_USAGE}`);
      return v;
    };
    const int = (text: string, min: number, max: number) => {
      const n = Number(text);
      if (!Number.isInteger(n) || n < min || n > max)
        throw new Error(`sandbox: ${flag} must be an integer in ${min}..${max}\n${SANDBOX_USAGE}`);
      return n;
    };
    switch (flag) {
      case '--port':
        opts.port = int(value(), 0, 65_533);
        break;
      case '--data-dir':
        opts.dataDir = value();
        break;
      case '--seed':
        opts.seed = int(value(), 0, Number.MAX_SAFE_INTEGER);
        break;
      case '--algorithm': {
        const algorithm = value();
        if (algorithm !== 'HMAC-SHA1' && algorithm !== 'HMAC-SHA256')
          throw new Error(`sandbox: --algorithm must be HMAC-SHA1 or HMAC-SHA256\n${SANDBOX_USAGE}`);
        opts.algorithm = algorithm satisfies SignatureAlgorithm;
        break;
      }
      case '--token-check':
        opts.tokenCheckEnabled = true;
        break;
      case '--replay':
        opts.replayWhenClosed = true;
        break;
      case '--clock':
        opts.marketStartAt = parseMarketStart(value(), 'sandbox: --clock');
        break;
      case '--speed':
        opts.marketSpeed = parseMarketSpeed(value(), 'sandbox: --speed');
        break;
      case '--wire': {
        const wire = value();
        if (wire !== 'real' && wire !== 'documented')
          throw new Error(`sandbox: --wire must be real or documented\n${SANDBOX_USAGE}`);
        opts.wire = wire;
        break;
      }
      case '--linked-orders': {
        const kinds = value().split(',');
        const unknown = kinds.filter((k) => !(GROUP_KIND_VALUES as readonly string[]).includes(k));
        if (unknown.length > 0)
          throw new Error(
            `sandbox: --linked-orders takes ${GROUP_KIND_VALUES.join(', ')}, not ${unknown.join(', ')}\n${SANDBOX_USAGE}`,
          );
        opts.linkedOrders = kinds as GroupKind[];
        break;
      }
      case '--group-activation': {
        const activation = value();
        if (!(GROUP_ACTIVATIONS as readonly string[]).includes(activation))
          throw new Error(`sandbox: --group-activation must be full or partial\n${SANDBOX_USAGE}`);
        opts.groupActivation = activation as GroupActivation;
        break;
      }
      case '--synthetic-symbols':
        opts.syntheticSymbols = int(value(), 0, MAX_SYNTHETIC_SYMBOLS);
        break;
      default:
        throw new Error(`sandbox: unknown option '${flag ?? ''}'\n${SANDBOX_USAGE}`);
    }
  }
  return opts;
}

export async function runSandboxCommand(argv: string[]): Promise<void> {
  const opts = parseSandboxArgs(argv);
  const log = (line: string) => process.stderr.write(line + '\n');
  const sandbox = await startSandbox(opts, { log });
  const stopped = new Promise<void>((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      log(`sandbox: ${signal}, stopping`);
      sandbox
        .stop()
        .catch((error: unknown) => log(`sandbox: stop failed: ${String(error)}`))
        .finally(() => {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
          resolve();
        });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
  process.stdout.write(
    JSON.stringify({
      api: sandbox.apiUrl,
      mqtt: sandbox.mqttUrl,
      events: sandbox.eventsAddress,
      appKey: sandbox.appKey,
      appSecret: sandbox.appSecret,
    }) + '\n',
  );
  log(`sandbox: data in ${sandbox.dataDir}; Ctrl-C to stop`);
  // stderr: stdout carries the one JSON line only.
  if (sandbox.marketClock.label) log(`sandbox: ${sandbox.marketClock.label}`);
  await stopped;
}
