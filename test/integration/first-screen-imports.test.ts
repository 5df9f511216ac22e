import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The renderer's first screen evaluates no schema library (docs/ui.md "Start"): building zod
 * schemas at module top level cost the start-up more than the first screen's own modules, and the
 * renderer needs none of them to draw it (main validates every IPC input). The first screen is
 * what renderer/main.tsx reaches through static imports, and the panels of the first-run layout
 * (DEFAULT_LAYOUT_PANELS), whose code App.tsx fetches as soon as the workspace answers. Other
 * modules loaded on demand through `import()` (other panels, Settings, the palette) may use zod.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = resolve(ROOT, 'renderer/main.tsx');
const REGISTRY = resolve(ROOT, 'renderer/app/panels/registry.ts');
const DEFAULT_LAYOUT = resolve(ROOT, 'renderer/app/workspace/default-layout.ts');

/** The module of each panel of the first-run layout, read from the registry's `import()` calls. */
function firstLayoutPanelModules(): string[] {
  const layout = readFileSync(DEFAULT_LAYOUT, 'utf8').match(/DEFAULT_LAYOUT_PANELS[^=]*=\s*\[([^\]]*)\]/);
  const ids = [...(layout?.[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]);
  const registry = readFileSync(REGISTRY, 'utf8');
  return ids.map((id) => {
    const entry = registry.match(new RegExp(`\\n  ${id}: definePanel[^]*?import\\('([^']+)'\\)`));
    const target = entry?.[1] && resolveImport(REGISTRY, entry[1]);
    if (!target) throw new Error(`no module found for the first-run panel ${id}`);
    return target;
  });
}
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
/** Packages the first screen may not evaluate: the schema library, by any of its entry points. */
const FORBIDDEN = /^zod(?:\/|$)/;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** True when every named binding is `type`: the bundler drops the whole statement. */
function allTypeOnly(elements: readonly { isTypeOnly: boolean }[] | undefined): boolean {
  return elements !== undefined && elements.length > 0 && elements.every((e) => e.isTypeOnly);
}

/**
 * Specifiers a module evaluates: `import …` and `export … from`, but not `import type`,
 * `export type … from`, statements whose every named binding is `type`, nor dynamic `import()`.
 */
export function valueImports(code: string, file = 'module.ts'): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      if (clause && !clause.name && named && ts.isNamedImports(named) && allTypeOnly(named.elements))
        continue;
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || !statement.moduleSpecifier) continue;
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause) && allTypeOnly(clause.elements)) continue;
    } else {
      continue;
    }
    const specifier = statement.moduleSpecifier;
    if (specifier && ts.isStringLiteral(specifier)) found.push(specifier.text);
  }
  return found;
}

/**
 * Walks the static import graph from `entry` and returns, for each forbidden package reached, the
 * chain of repository files that imports it (entry first).
 */
function chainsTo(entries: string[], forbidden: RegExp): string[][] {
  const parent = new Map<string, string | undefined>(entries.map((entry) => [entry, undefined]));
  const queue = [...entries];
  const chains: string[][] = [];
  const chainOf = (file: string): string[] => {
    const chain: string[] = [];
    for (let at: string | undefined = file; at; at = parent.get(at)) chain.unshift(relative(ROOT, at));
    return chain;
  };
  for (let file = queue.shift(); file; file = queue.shift()) {
    for (const specifier of valueImports(readFileSync(file, 'utf8'), file)) {
      if (forbidden.test(specifier)) {
        chains.push([...chainOf(file), specifier]);
      } else if (specifier.startsWith('.')) {
        const target = resolveImport(file, specifier);
        // Stylesheets and other assets resolve to no TypeScript module; nothing to follow.
        if (!target || !/\.tsx?$/.test(target) || parent.has(target)) continue;
        parent.set(target, file);
        queue.push(target);
      }
    }
  }
  return chains;
}

describe('the first screen', () => {
  it('reaches no zod module through static imports from renderer/main.tsx and the first-run panels', () => {
    const panels = firstLayoutPanelModules();
    expect(panels.map((p) => relative(ROOT, p))).toContain('renderer/features/watchlist/WatchlistPanel.tsx');
    const chains = chainsTo([ENTRY, ...panels], FORBIDDEN).map((chain) => chain.join(' → '));
    expect(chains).toEqual([]);
  });

  it('follows value imports and re-exports, multi-line ones included, and skips types and import()', () => {
    const code = [
      "import { a } from './a';",
      "import {\n  b,\n  c,\n} from './bc';",
      "import type { T } from './t';",
      "import { type U, type V } from './uv';",
      "import { type W, w } from './w';",
      "import './side-effect.css';",
      "export { x } from './x';",
      "export * from './star';",
      "export type { Y } from './y';",
      "const lazy = () => import('./lazy');",
    ].join('\n');
    expect(valueImports(code)).toEqual(['./a', './bc', './w', './side-effect.css', './x', './star']);
  });

  it('finds zod behind a chain of shared modules', () => {
    // The walker itself: from the shared contract, zod is reached (the contract builds schemas).
    expect(chainsTo([resolve(ROOT, 'shared/ipc/contract.ts')], FORBIDDEN)).not.toEqual([]);
  });
});
