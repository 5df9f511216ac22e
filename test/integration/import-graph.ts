import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The static import graph of the repository's TypeScript, for tests that keep a start-up path
 * free of a heavy package (test/integration/first-screen-imports.test.ts, main-entry-imports.test.ts).
 */
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
export function resolveImport(from: string, specifier: string): string | undefined {
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
 * Walks the static import graph from `entries` and returns, for each forbidden specifier reached (a
 * package, or a repository file by its path relative to `root`), the chain of repository files
 * that imports it (entry first), paths relative to `root`.
 */
export function chainsTo(root: string, entries: string[], forbidden: RegExp): string[][] {
  const parent = new Map<string, string | undefined>(entries.map((entry) => [entry, undefined]));
  const queue = [...entries];
  const chains: string[][] = [];
  const chainOf = (file: string): string[] => {
    const chain: string[] = [];
    for (let at: string | undefined = file; at; at = parent.get(at)) chain.unshift(relative(root, at));
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
        if (forbidden.test(relative(root, target))) {
          chains.push([...chainOf(file), relative(root, target)]);
          continue;
        }
        parent.set(target, file);
        queue.push(target);
      }
    }
  }
  return chains;
}
