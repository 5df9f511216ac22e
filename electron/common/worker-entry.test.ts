import { describe, expect, it } from 'vitest';
import { workerExecArgv } from './worker-entry';

describe('execArgv of a built worker', () => {
  it('drops module loader flags (a built script needs none) and keeps every other flag', () => {
    expect(
      workerExecArgv([
        '--max-old-space-size=4096',
        '--import',
        'file:///x/node_modules/tsx/dist/loader.mjs',
        '--require=tsx/cjs',
        '-r',
        'something',
        '--loader',
        'ts-node/esm',
        '--experimental-loader=x',
        '--import=tsx',
        '--cpu-prof',
      ]),
    ).toEqual(['--max-old-space-size=4096', '--cpu-prof']);
    expect(workerExecArgv([])).toEqual([]);
  });
});
