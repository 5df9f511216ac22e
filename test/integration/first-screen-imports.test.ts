import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chainsTo, resolveImport, valueImports } from './import-graph';

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
const REGISTRY = resolve(ROOT, 'renderer/shell/panels/registry.ts');
const DEFAULT_LAYOUT = resolve(ROOT, 'renderer/shell/workspace/default-layout.ts');

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
/** Packages the first screen may not evaluate: the schema library, by any of its entry points. */
const FORBIDDEN = /^zod(?:\/|$)/;

describe('the first screen', () => {
  it('reaches no zod module through static imports from renderer/main.tsx and the first-run panels', () => {
    const panels = firstLayoutPanelModules();
    expect(panels.map((p) => relative(ROOT, p))).toContain('renderer/features/watchlist/WatchlistPanel.tsx');
    const chains = chainsTo(ROOT, [ENTRY, ...panels], FORBIDDEN).map((chain) => chain.join(' → '));
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
    expect(chainsTo(ROOT, [resolve(ROOT, 'shared/ipc/contract.ts')], FORBIDDEN)).not.toEqual([]);
  });
});
