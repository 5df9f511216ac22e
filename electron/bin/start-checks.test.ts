import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_OUTPUTS, isBuildCurrent, writeBuildStamp } from './build-stamp.mjs';
import { isOnline } from './online.mjs';

const dirs: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function write(root: string, rel: string, text: string) {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

/** A project tree with sources and a complete build output. */
function projectTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'bullpen-stamp-'));
  dirs.push(root);
  write(root, 'electron/main/index.ts', 'main');
  write(root, 'renderer/shell/App.tsx', 'app');
  write(root, 'shared/decimal.ts', 'decimal');
  write(root, 'package.json', '{}');
  for (const out of BUILD_OUTPUTS) write(root, out, 'built');
  return root;
}

describe('npm start skips a build whose inputs have not changed', () => {
  it('is not current before any stamp, and current right after one', () => {
    const root = projectTree();
    expect(isBuildCurrent(root)).toBe(false);
    writeBuildStamp(root);
    expect(isBuildCurrent(root)).toBe(true);
  });

  it('rebuilds when a source changes, a source is added, or the lock file changes', () => {
    const root = projectTree();
    writeBuildStamp(root);
    write(root, 'renderer/shell/App.tsx', 'app v2');
    expect(isBuildCurrent(root)).toBe(false);

    writeBuildStamp(root);
    write(root, 'shared/new-module.ts', 'new');
    expect(isBuildCurrent(root)).toBe(false);

    writeBuildStamp(root);
    write(root, 'package-lock.json', '{"lockfileVersion":3}');
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('rebuilds when an output is missing even though the stamp matches', () => {
    const root = projectTree();
    writeBuildStamp(root);
    rmSync(join(root, BUILD_OUTPUTS[0] ?? ''), { force: true });
    expect(isBuildCurrent(root)).toBe(false);
  });
});

describe('the online check never waits on the network for more than a moment', () => {
  it('settles false at its deadline while the name lookup never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled: boolean | undefined;
    const pending = isOnline('https://bullpen.invalid', 750, {
      // A resolver that hangs, as on a machine with no network.
      lookup: () => undefined,
    }).then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(749);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toBe(false);
  });

  it('settles false at its deadline while a server accepts but never answers', async () => {
    const sockets: import('node:net').Socket[] = [];
    const server: Server = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled: boolean | undefined;
    const pending = isOnline(`https://127.0.0.1:${port}/`, 750).then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(749);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toBe(false);
    vi.useRealTimers();
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  });
});
