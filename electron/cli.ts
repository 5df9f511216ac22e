import { z } from 'zod';
import {
  ENVIRONMENT_PRESETS,
  regionEnvironment,
  REGIONS,
  type EnvironmentSettings,
} from '../shared/environments';
import { findOperation, type OperationId, type OpParams } from '../shared/openapi/operations';
import { ApiError } from './openapi/api-error';
import { createOpenApiClient, type OpenApiClient } from './openapi/client';
import { redactSecrets } from './common/redact';
import {
  parseTimestamp,
  SIGNATURE_ALGORITHMS,
  signRequest,
  type SignatureAlgorithm,
} from '../shared/signing';

/**
 * `bullpen` — the command line on the same client the app uses.
 *   bullpen sign [--explain]            one JSON request on stdin → signature (debug "signature mismatch")
 *   bullpen call METHOD PATH [n=v …]    signed call to $BULLPEN_API_URL, or to an in-process sandbox
 *   bullpen doctor …                    read-only check of every operation the app uses (docs/doctor.md)
 *   bullpen sandbox …                   the embedded sandbox's own commands
 * Exit codes: 0 ok, 1 the API call failed, 2 bad usage or input.
 */
export interface CliIo {
  readStdin: () => Promise<string>;
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
}

const USAGE = `usage:
  bullpen sign [--explain] < request.json   (query: [[name, value], …] or {name: value | [values]})
  bullpen call METHOD PATH [name=value | name:=json …] [--body '{json}']
  bullpen doctor [--out DIR] [--symbol S] [--seconds N] [--json]   read-only check of every operation
  bullpen sandbox …
environment for call and doctor: BULLPEN_API_URL, BULLPEN_APP_KEY, BULLPEN_APP_SECRET, BULLPEN_ALGORITHM, BULLPEN_X_VERSION,
  BULLPEN_QUOTES_URL, BULLPEN_EVENTS_ADDRESS (doctor; default: the preset's own hosts when the API URL
  is a preset's, e.g. mqtts://data-api.webull.com:1883 and events-api.webull.com:443)
(none set: an embedded sandbox is started in-process)`;

class UsageError extends Error {}

const signInput = z.object({
  method: z.string().regex(/^[A-Za-z]+$/, 'expected an HTTP method'),
  path: z.string().startsWith('/', 'expected a path starting with /'),
  // A list of pairs (order kept, names may repeat) or an object (an array value repeats the name).
  query: z
    .union([
      z.array(z.tuple([z.string(), z.string()])),
      z
        .record(z.string(), z.union([z.string(), z.array(z.string())]))
        .transform((o) =>
          Object.entries(o).flatMap(([name, v]) =>
            (Array.isArray(v) ? v : [v]).map((value): [string, string] => [name, value]),
          ),
        ),
    ])
    .default([]),
  body: z.string().nullable().default(null),
  host: z.string().min(1),
  appKey: z.string().min(1),
  appSecret: z.string().min(1),
  timestamp: z.string().refine((t) => !Number.isNaN(parseTimestamp(t)), 'expected YYYY-MM-DDThh:mm:ssZ'),
  nonce: z.string().min(1),
  algorithm: z
    .enum(SIGNATURE_ALGORITHMS as [SignatureAlgorithm, ...SignatureAlgorithm[]])
    .default('HMAC-SHA1'),
});

async function sign(args: string[], io: CliIo): Promise<number> {
  const explain = args.includes('--explain');
  const unknown = args.filter((a) => a !== '--explain');
  if (unknown.length > 0) throw new UsageError(`sign: unknown argument ${unknown[0]}`);
  const text = await io.readStdin();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`sign: stdin is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const parsed = signInput.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `sign: invalid '${issue?.path.join('.') || 'input'}': ${issue?.message ?? 'invalid'}`,
    );
  }
  const r = signRequest({ ...parsed.data, query: parsed.data.query });
  const out: Record<string, unknown> = {
    signature: r.signature,
    encodedString: r.encodedString,
    headers: r.headers,
  };
  if (explain) Object.assign(out, { str1: r.str1, str3: r.str3, bodyDigest: r.bodyDigest });
  io.out(JSON.stringify(out));
  return 0;
}

interface CallArgs {
  method: 'GET' | 'POST';
  path: string;
  pairs: Array<[string, unknown]>;
  body?: unknown;
}

/** `name=value` is a string; `name:=json` is a JSON value (httpie's convention) for numbers and lists. */
export function parseCallArgs(args: string[]): CallArgs {
  const [method, path, ...rest] = args;
  const m = method?.toUpperCase();
  if (m !== 'GET' && m !== 'POST') throw new UsageError('call: METHOD must be GET or POST');
  if (!path?.startsWith('/')) throw new UsageError('call: PATH must start with /');
  const out: CallArgs = { method: m, path, pairs: [] };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (arg === '--body') {
      out.body = parseJsonArg('--body', rest[++i]);
      continue;
    }
    const typed = /^([^=:]+):=(.*)$/s.exec(arg);
    if (typed?.[1] !== undefined) {
      out.pairs.push([typed[1], parseJsonArg(typed[1], typed[2])]);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq <= 0) throw new UsageError(`call: expected name=value, got '${arg}'`);
    out.pairs.push([arg.slice(0, eq), arg.slice(eq + 1)]);
  }
  if (out.body !== undefined && m === 'GET') throw new UsageError('call: --body is for POST');
  return out;
}

function parseJsonArg(name: string, text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    throw new UsageError(`call: ${name} is not valid JSON`);
  }
}

function envFromVars(
  env: CliIo['env'],
): { environment: EnvironmentSettings; appKey: string; appSecret: string } | null {
  const url = env.BULLPEN_API_URL;
  if (!url) return null;
  const appKey = env.BULLPEN_APP_KEY;
  const appSecret = env.BULLPEN_APP_SECRET;
  if (!appKey || !appSecret)
    throw new UsageError(
      'call: BULLPEN_API_URL is set, so BULLPEN_APP_KEY and BULLPEN_APP_SECRET must be too',
    );
  const algorithm = env.BULLPEN_ALGORITHM ?? 'HMAC-SHA1';
  if (algorithm !== 'HMAC-SHA1' && algorithm !== 'HMAC-SHA256')
    throw new UsageError('call: BULLPEN_ALGORITHM must be HMAC-SHA1 or HMAC-SHA256');
  const xVersion = env.BULLPEN_X_VERSION ?? 'v2';
  if (xVersion !== 'v2' && xVersion !== 'v3')
    throw new UsageError('call: BULLPEN_X_VERSION must be v2 or v3');
  return { environment: cliEnvironment(url, algorithm, xVersion), appKey, appSecret };
}

function cliEnvironment(
  apiBaseUrl: string,
  algorithm: SignatureAlgorithm,
  xVersion: 'v2' | 'v3',
): EnvironmentSettings {
  const host = new URL(apiBaseUrl).hostname;
  return {
    id: 'cli',
    name: 'bullpen CLI',
    kind: 'custom',
    apiBaseUrl,
    quotesUrl: `mqtt://${host}:1883`,
    eventsAddress: `${host}:443`,
    eventsTls: true,
    algorithm,
    xVersion,
    accountListPath: xVersion === 'v3' ? '/trading/accounts/list' : '/openapi/account/list',
    signHostWithPort: true,
  };
}

async function callCommand(args: string[], io: CliIo): Promise<number> {
  const req = parseCallArgs(args);
  const configured = envFromVars(io.env);
  // Loaded lazily: only `call` without settings needs the sandbox, and `sign` should start fast.
  const sandbox = configured ? null : await (await import('../sandbox/index')).startSandbox();
  const target = configured ?? {
    environment: cliEnvironment(sandbox?.apiUrl ?? '', sandbox?.algorithm ?? 'HMAC-SHA1', 'v2'),
    appKey: sandbox?.appKey ?? '',
    appSecret: sandbox?.appSecret ?? '',
  };
  const client = createOpenApiClient({
    environment: target.environment,
    credentials: { appKey: target.appKey, appSecret: target.appSecret },
    onTokenProgress: (p) =>
      io.err(
        JSON.stringify({
          accessToken: p.status,
          secondsLeft: p.secondsLeft,
          hint: p.status === 'PENDING' ? 'approve this login in the broker app' : undefined,
        }),
      ),
  });
  try {
    const result = await send(client, req);
    io.out(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    const shape =
      error instanceof ApiError
        ? error.toShape()
        : {
            code: 'INTERNAL_ERROR',
            message: error instanceof Error ? error.message : String(error),
            retryable: false,
          };
    io.err(redactSecrets(JSON.stringify(shape), [target.appSecret]));
    return 1;
  } finally {
    client.close();
    await sandbox?.stop();
  }
}

async function doctorCommand(args: string[], io: CliIo): Promise<number> {
  const { parseDoctorArgs, runDoctorCli } = await import('./services/doctor/doctor-cli');
  let parsed;
  try {
    parsed = parseDoctorArgs(args, process.cwd());
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const configured = envFromVars(io.env);
  if (configured) {
    const { environment } = configured;
    const streams = streamHostsFor(environment.apiBaseUrl);
    environment.quotesUrl = io.env.BULLPEN_QUOTES_URL ?? streams.quotesUrl;
    environment.eventsAddress = io.env.BULLPEN_EVENTS_ADDRESS ?? streams.eventsAddress;
    return runDoctorCli(parsed, configured, io, { version: packageVersion() });
  }
  const { startSandbox } = await import('../sandbox/index');
  const { sandboxEnvironment } = await import('./services/environment-store');
  const sandbox = await startSandbox({}, { log: () => undefined });
  try {
    return await runDoctorCli(
      parsed,
      { environment: sandboxEnvironment(sandbox), appKey: sandbox.appKey, appSecret: sandbox.appSecret },
      io,
      { version: packageVersion() },
    );
  } finally {
    await sandbox.stop();
  }
}

/**
 * The quotes and events addresses that go with an API URL: a preset's own when the URL is a
 * preset's API host (shared/environments.ts lists each region's three hosts, the US test
 * environment's included), else the API host itself on the real service's ports.
 */
export function streamHostsFor(apiBaseUrl: string): { quotesUrl: string; eventsAddress: string } {
  const host = new URL(apiBaseUrl).hostname;
  const region = REGIONS.find((r) => ENVIRONMENT_PRESETS[r].api === host);
  if (region) {
    const { quotesUrl, eventsAddress } = regionEnvironment(region);
    return { quotesUrl, eventsAddress };
  }
  return { quotesUrl: `mqtts://${host}:1883`, eventsAddress: `${host}:443` };
}

function packageVersion(): string {
  return process.env.npm_package_version ?? 'dev';
}

async function send(client: OpenApiClient, req: CallArgs): Promise<unknown> {
  const op: OperationId | undefined = findOperation(req.method, req.path);
  const fromPairs = Object.fromEntries(req.pairs);
  if (op) {
    // Catalogue operations are validated by their schema, which accepts the wire's string forms.
    const params = (req.method === 'POST' && req.body !== undefined ? req.body : fromPairs) as OpParams<
      typeof op
    >;
    return client.call(op, params);
  }
  // Outside the catalogue: still signed and sent, reply printed unvalidated.
  const query =
    req.method === 'GET'
      ? req.pairs.map(([n, v]): [string, string] => [n, typeof v === 'string' ? v : JSON.stringify(v)])
      : [];
  const body = req.method === 'POST' ? JSON.stringify(req.body ?? fromPairs) : null;
  return client.raw({ method: req.method, path: req.path, query, body });
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'sign':
        return await sign(args, io);
      case 'call':
        return await callCommand(args, io);
      case 'doctor':
        return await doctorCommand(args, io);
      case 'sandbox': {
        const { runSandboxCommand } = await import('../sandbox/index');
        await runSandboxCommand(args);
        return 0;
      }
      case undefined:
      case 'help':
      case '--help':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`bullpen: ${error.message}\n${USAGE}`);
      return 2;
    }
    io.err(`bullpen: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer | string) => chunks.push(typeof c === 'string' ? Buffer.from(c) : c));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

/** Resolves once everything written to the stream so far has been handed to the OS. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write('', () => resolve());
  });
}

/** Entry point used by electron/bin/bullpen.mjs. */
export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  const code = await runCli(argv, {
    readStdin: () => readAll(process.stdin),
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
  });
  // `sandbox` commands keep running (servers) until they end themselves; everything else exits now,
  // but only once stdout and stderr are flushed: into a pipe, writes are asynchronous and exiting
  // at once would cut the reply at what the pipe holds (64 KiB).
  if (argv[0] !== 'sandbox' || code !== 0) {
    await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
    process.exit(code);
  }
}
