import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { adoptBrowserPriority, childProcesses, ownThreads, parseStat, type PriorityDeps } from './priority';

function deps(over: Partial<PriorityDeps> & { own?: number; browser?: number }) {
  const set: Array<[number, number]> = [];
  const d: PriorityDeps = {
    children: () => [
      { pid: 50, ppid: 1, name: 'sh' },
      { pid: 51, ppid: 1, name: 'chromium' },
    ],
    // Threads 60 and 61 (V8's helpers) at the process's start priority, 62 already higher.
    threads: () => [60, 61, 62],
    getPriority: (pid) =>
      pid === undefined ? (over.own ?? 10) : pid === 51 ? (over.browser ?? -8) : pid === 62 ? -10 : 10,
    setPriority: (id, p) => void set.push([id, p]),
    ...over,
  };
  return { d, set };
}

describe('adoptBrowserPriority', () => {
  it("gives main's thread, then the helper threads below it, the browser's higher priority", () => {
    const { d, set } = deps({});
    expect(adoptBrowserPriority(d)).toEqual({ from: 10, to: -8 });
    expect(set).toEqual([
      [0, -8],
      [60, -8],
      [61, -8],
    ]);
  });

  it('leaves a thread that lowered itself below main (the sandbox worker) where it is', () => {
    const { d, set } = deps({
      threads: () => [60, 63],
      // 63 sits ten steps below main, as the sandbox's worker puts itself.
      getPriority: (pid) => (pid === undefined ? 10 : pid === 51 ? -8 : pid === 63 ? 19 : 10),
    });
    expect(adoptBrowserPriority(d)).toEqual({ from: 10, to: -8 });
    expect(set).toEqual([
      [0, -8],
      [60, -8],
    ]);
  });

  it('never lowers main: a browser at the same or a lower priority changes nothing', () => {
    for (const browser of [10, 15]) {
      const { d, set } = deps({ browser });
      expect(adoptBrowserPriority(d)).toBeUndefined();
      expect(set).toEqual([]);
    }
  });

  it('keeps its priority when the system refuses (no CAP_SYS_NICE) or no browser runs', () => {
    const refused = deps({
      setPriority: () => {
        throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
      },
    });
    expect(adoptBrowserPriority(refused.d)).toBeUndefined();
    const none = deps({ children: () => [{ pid: 50, ppid: 1, name: 'sh' }] });
    expect(adoptBrowserPriority(none.d)).toBeUndefined();
    expect(none.set).toEqual([]);
  });
});

describe('/proc', () => {
  it('parses a stat line whose name holds spaces and parentheses', () => {
    expect(parseStat('4242 (Web Content (x)) S 17 4242 4242 0 -1')).toEqual({
      pid: 4242,
      ppid: 17,
      name: 'Web Content (x)',
    });
    expect(parseStat('garbage')).toBeUndefined();
  });

  it.runIf(process.platform === 'linux')('finds a real child of this process', async () => {
    const child = spawn('sleep', ['5']);
    try {
      await new Promise((r) => child.once('spawn', r));
      const found = childProcesses(process.pid).find((c) => c.pid === child.pid);
      expect(found).toMatchObject({ ppid: process.pid, name: 'sleep' });
    } finally {
      child.kill();
    }
  });

  it('finds none where there is no /proc', () => {
    expect(childProcesses(process.pid, '/nonexistent-proc')).toEqual([]);
    expect(ownThreads('/nonexistent-proc')).toEqual([]);
  });

  it.runIf(process.platform === 'linux')("lists this process's threads, its main thread among them", () => {
    expect(ownThreads()).toContain(process.pid);
  });
});
