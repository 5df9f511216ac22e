import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import { atomicFilesOn } from '../../shared/files/atomic-file';

/**
 * The sandbox's atomic files: the one atomic-file module the app uses too
 * (shared/files/atomic-file.ts: temp file, fsync, rename, directory fsync, corrupt files moved
 * aside) on Node's file system.
 */
export const { writeFileAtomic, readJsonStore } = atomicFilesOn({
  fs,
  fsp,
  path,
  pid: process.pid,
  kill: (pid, signal) => process.kill(pid, signal),
});
