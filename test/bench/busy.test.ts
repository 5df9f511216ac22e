import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * `npm run bench -- --busy` (lib/busy.ts): the CPU burner never outlives the benchmark, whichever
 * way the benchmark ends. lib/busy-fixture.ts starts one and prints its pid, then ends as told.
 */
const FIXTURE = new URL('./lib/busy-fixture.ts', import.meta.url).pathname;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function run(how: string, signal?: NodeJS.Signals): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, how], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const pid = await new Promise<number>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim().split('\n')[0]))),
  );
  expect(alive(pid)).toBe(true);
  const exited = new Promise((r) => child.once('exit', r));
  // Seen alive: the fixture may end now (it waits for this line, or for the signal).
  if (signal) child.kill(signal);
  else child.stdin.end('go\n');
  await exited;
  return pid;
}

describe('the busy burner', () => {
  it.each([
    ['stop', undefined],
    ['throw', undefined],
    ['exit', undefined],
    ['signal', 'SIGINT'],
    ['signal', 'SIGTERM'],
    ['signal', 'SIGKILL'],
  ] as const)(
    'is gone when the benchmark ends by %s %s',
    async (how, signal) => {
      const pid = await run(how, signal);
      // The burner looks for its parent between slices of work (well under a second each).
      await expect.poll(() => alive(pid), { timeout: 10_000, interval: 100 }).toBe(false);
    },
    30_000,
  );
});
