import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every dependency in package.json is used: imported by the code, the tests or a config, or run by
 * an npm script. An unused one is installed, audited and updated for nothing.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Used without being named in an import: why each is needed. */
const USED_IMPLICITLY: Record<string, string> = {
  '@types/node': 'Node type definitions (tsconfig.node.json)',
  '@types/react': 'React type definitions',
  '@types/react-dom': 'React DOM type definitions',
  '@types/ws': 'ws type definitions (test/bench/lib/raw-cdp.ts)',
  '@testing-library/dom': 'peer dependency of @testing-library/react',
};

/** Packages whose command is not their name. */
const BIN: Record<string, string> = { typescript: 'tsc', '@playwright/test': 'playwright' };

const SOURCE = /\.(?:ts|tsx|mts|mjs|cjs|js|json)$/;
function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'out', 'dist', 'test-results'].includes(entry.name)) yield* files(full);
    } else if (SOURCE.test(entry.name) && entry.name !== 'package-lock.json') yield full;
  }
}

describe('dependencies', () => {
  it('are all used by code, tests, configs or scripts', () => {
    const texts: string[] = [];
    for (const folder of ['electron', 'renderer', 'sandbox', 'shared', 'test', 'eslint-rules', 'build'])
      for (const file of files(path.join(root, folder))) texts.push(readFileSync(file, 'utf8'));
    for (const entry of readdirSync(root))
      if (/\.(?:mjs|mts|ts|cjs)$/.test(entry) || /^tsconfig.*\.json$/.test(entry))
        texts.push(readFileSync(path.join(root, entry), 'utf8'));
    const all = texts.join('\n');
    const scripts = Object.values(pkg.scripts).join(' && ');
    /** A tool an npm script runs (by its package name or the command it installs). */
    const run = (name: string) =>
      [name, ...(BIN[name] ? [BIN[name]] : [])].some((cmd) =>
        new RegExp(`(?:^|[\\s&|;])${cmd} `).test(scripts),
      );
    const named = (name: string) =>
      [`'${name}'`, `"${name}"`, `'${name}/`, `"${name}/`, `@vitest-environment ${name}`].some((form) =>
        all.includes(form),
      );
    const unused = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
      (name) => !USED_IMPLICITLY[name] && !named(name) && !run(name),
    );
    expect(unused).toEqual([]);
  });
});
