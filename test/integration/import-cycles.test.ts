import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycle in the product's TypeScript. At run time a cycle lets module evaluation order
 * decide whether a binding is still undefined when first used; even through type-only imports it
 * welds modules into one unit that can only be understood, moved or split together.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = ['electron', 'renderer', 'sandbox', 'shared'];
const EXTENSIONS = ['.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/**
 * Relative imports of one file: import and export … from (type-only ones included) and dynamic
 * `import('…')` anywhere in the file. A lazily loaded module still runs inside its loader's
 * program: if it imports the loader back, the two are one unit all the same.
 */
function imports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.flatMap((specifier) => {
    const target = specifier.startsWith('.') ? resolveImport(file, specifier) : undefined;
    return target ? [target] : [];
  });
}

/** Strongly connected components with more than one file (Tarjan), as repository paths. */
function importCycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, imports(f)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        component.push(relative(ROOT, member));
        if (member === node) break;
      }
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle, type-only and re-export edges included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bullpen-cycles-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = B;\n");
      writeFileSync(join(dir, 'b.ts'), "export { c } from './c';\nexport type B = string;\n");
      writeFileSync(
        join(dir, 'c.ts'),
        "import type { A } from './a';\nexport const c: A | undefined = undefined;\n",
      );
      writeFileSync(join(dir, 'd.ts'), "import { c } from './c';\nexport const d = c;\n");
      const cycles = importCycles(sourceFiles(dir)).map((cycle) =>
        cycle.map((f) => f.slice(f.lastIndexOf('/') + 1)),
      );
      expect(cycles).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('follows dynamic import(): a lazily loaded module that imports its loader closes a cycle', () => {
    // The shape of a circle the renderer once had: a registry loads a panel lazily, the panel
    // reaches the dock, and the dock reads the registry.
    const dir = mkdtempSync(join(tmpdir(), 'bullpen-cycles-'));
    try {
      writeFileSync(
        join(dir, 'registry.ts'),
        "export const load = async () => (await import('./panel')).Panel;\nexport const TITLE = 'x';\n",
      );
      writeFileSync(join(dir, 'panel.ts'), "import { open } from './dock';\nexport const Panel = open;\n");
      writeFileSync(
        join(dir, 'dock.ts'),
        "import { TITLE } from './registry';\nexport const open = () => TITLE;\n",
      );
      writeFileSync(join(dir, 'lazy.ts'), "export const later = () => import('./dock');\n");
      const cycles = importCycles(sourceFiles(dir)).map((cycle) =>
        cycle.map((f) => f.slice(f.lastIndexOf('/') + 1)),
      );
      expect(cycles).toEqual([['dock.ts', 'panel.ts', 'registry.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the product has no import cycle', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    expect(importCycles(files)).toEqual([]);
  });
});
