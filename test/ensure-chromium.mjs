#!/usr/bin/env node
// Finds a Chromium for the browser suites, and installs Debian's when none is found and we are root.
// Order: $CHROMIUM_PATH, /usr/bin/chromium, Playwright's own browser (if someone installed one).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core');
    const p = chromium.executablePath();
    if (p && existsSync(p)) return p;
  } catch {
    // playwright-core missing or no browser registered: fall through to apt.
  }
  return null;
}

function main() {
  const found = findChromium();
  if (found) {
    console.error(`chromium: ${found}`);
    return 0;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      "No Chromium found. Install Debian's chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.",
    );
    return 1;
  }
  console.error("No Chromium found: installing Debian's chromium with apt-get (root) ...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    if (r.status !== 0) {
      console.error(
        `apt-get ${args.join(' ')} failed (exit ${r.status}). Install chromium by hand or set CHROMIUM_PATH.`,
      );
      return 1;
    }
  }
  return findChromium() ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main());
