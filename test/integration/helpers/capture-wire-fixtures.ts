import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT_CALLS, callContract } from './wire-capture';
import { tmpdir } from 'node:os';
import { startSandbox } from '../../../sandbox/index';
import { signedCaller } from './signed-fetch';
import { RTH_TIME } from './rth-time';

/**
 * Writes test/fixtures/wire/documented/: one reply per contract call from the documented wire
 * (simulated market, seed 42, the suites' regular-hours clock). Run by hand after a deliberate change
 * of a documented record: `npx tsx test/integration/helpers/capture-wire-fixtures.ts`.
 */
const dir = path.join(__dirname, '../../fixtures/wire/documented/');

async function main() {
  const now = () => RTH_TIME;
  const sandbox = await startSandbox(
    {
      wire: 'documented',
      seed: 42,
      clock: now,
      dataDir: mkdtempSync(path.join(tmpdir(), 'bullpen-capture-')),
    },
    { httpOnly: true, log: () => undefined },
  );
  const call = signedCaller(sandbox, now);
  try {
    for (const c of CONTRACT_CALLS) {
      const res = await callContract(call, c);
      const fixture = {
        operation: c.operation,
        source: 'the documented form: the interface text, as the sandbox answers it with --wire documented',
        status: res.status,
        request: c.query ? { query: c.query } : { body: c.body ?? {} },
        body: res.json,
      };
      writeFileSync(`${dir}${c.operation}.json`, JSON.stringify(fixture, null, 2) + '\n');
    }
  } finally {
    await sandbox.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
