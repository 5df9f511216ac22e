import type { EnvironmentSettings } from '../../../shared/environments';
import { createRedactor } from '../../common/redact';
import { defaultEngineParts } from '../default-engine-parts';
import type { Logger } from '../logger';
import { runDoctor, type DoctorOptions } from './doctor';
import { formatStep, formatSummary, saveDoctorReport } from './doctor-report';

export interface DoctorCliArgs {
  outDir: string;
  symbol?: string;
  streamSeconds?: number;
  json: boolean;
}

/** `bullpen doctor [--out DIR] [--symbol S] [--seconds N] [--json]`; throws a message on bad usage. */
export function parseDoctorArgs(args: readonly string[], cwd: string): DoctorCliArgs {
  const out: DoctorCliArgs = { outDir: cwd, json: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => {
      const v = args[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`doctor: ${a} needs a value`);
      return v;
    };
    if (a === '--out') out.outDir = value();
    else if (a === '--symbol') {
      const s = value().toUpperCase();
      if (!/^[A-Z][A-Z0-9.]{0,9}$/.test(s)) throw new Error(`doctor: '${s}' is not a stock symbol`);
      out.symbol = s;
    } else if (a === '--seconds') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 60) throw new Error('doctor: --seconds must be 1 to 60');
      out.streamSeconds = n;
    } else if (a === '--json') out.json = true;
    else throw new Error(`doctor: unknown argument ${a}`);
  }
  return out;
}

/**
 * Runs the tour from the command line against one environment, prints a line a step as it ends and
 * the whole report at the end, and saves the report file. Exit code 0 when every step passed, 1
 * otherwise.
 */
export async function runDoctorCli(
  args: DoctorCliArgs,
  target: { environment: EnvironmentSettings; appKey: string; appSecret: string },
  io: { out: (line: string) => void; err: (line: string) => void },
  extra: Pick<DoctorOptions, 'version'> = {},
): Promise<number> {
  const redactor = createRedactor();
  redactor.addSecret(target.appSecret);
  const logger = quietLogger((line) => io.err(redactor.redact(line)));
  const parts = defaultEngineParts({ logger, flushMs: () => 100 });
  const report = await runDoctor({
    environment: target.environment,
    credentials: { appKey: target.appKey, appSecret: target.appSecret },
    parts,
    symbol: args.symbol,
    streamSeconds: args.streamSeconds,
    version: extra.version,
    // Text: a line a step as it ends (the streams take seconds), then the count; JSON: the report alone.
    onStep: args.json ? undefined : (s) => io.out(formatStep(s)),
    onTokenPending: (secondsLeft) => io.err(`Approve this login in your broker app (${secondsLeft} s left).`),
  });
  const file = await saveDoctorReport(report, args.outDir);
  if (args.json) io.out(JSON.stringify(report, null, 2));
  else io.out(formatSummary(report));
  io.err(`report saved: ${file}`);
  return report.summary.failed === 0 ? 0 : 1;
}

/** The streaming clients' own warnings, as lines on stderr; nothing is written to a log file. */
function quietLogger(write: (line: string) => void): Logger {
  const line = (level: string) => (message: string) => write(`${level} ${message}`);
  return {
    debug: () => undefined,
    info: () => undefined,
    warn: line('warn'),
    error: line('error'),
    file: '',
  };
}
