import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `layers/imports`: a file may import only what its layer allows. Options, one object:
 * - `mayImport`: repository folders (e.g. `shared`, `electron/common`) its relative imports may
 *   resolve into; anything else in the repository, or outside it, is an error.
 * - `nodeBuiltins`: false forbids Node's built-in modules (`node:fs`, `fs`, …).
 * - `forbidden`: packages it may not import (a name also covers its subpaths).
 * - `modules`: folders whose every subfolder is a module with one public face, its `index.ts`: a
 *   file may import another module of such a folder only through that index (`../quotes`, not
 *   `../quotes/quote-store`); inside its own module it imports anything.
 * Relative imports are resolved against the file, so `../../electron/x` and `../electron/x` are the
 * same edge wherever the importer sits. Checked: import/export … from, `import()`, `require()`,
 * `import x = require()` and `import('…')` types.
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE_BUILTINS = new Set(builtinModules);

const isNodeBuiltin = (source) => source.startsWith('node:') || NODE_BUILTINS.has(source.split('/')[0]);
const toRepoPath = (absolute) => path.relative(REPO_ROOT, absolute).split(path.sep).join('/');
const within = (repoPath, folder) => repoPath === folder || repoPath.startsWith(`${folder}/`);

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep each layer to the imports it is allowed (docs/architecture.md, "Layers").' },
    schema: [
      {
        type: 'object',
        properties: {
          mayImport: { type: 'array', items: { type: 'string' } },
          nodeBuiltins: { type: 'boolean' },
          forbidden: { type: 'array', items: { type: 'string' } },
          modules: { type: 'array', items: { type: 'string' } },
        },
        required: ['mayImport'],
        additionalProperties: false,
      },
    ],
    messages: {
      folder:
        "'{{source}}' resolves to {{target}}; this layer may import only {{allowed}} (docs/architecture.md).",
      outside: "'{{source}}' resolves outside the repository.",
      builtin: "'{{source}}' is a Node built-in; this layer runs without Node (docs/architecture.md).",
      forbidden: "'{{source}}' may not be imported from this layer: {{why}}",
      module:
        "'{{source}}' reaches inside {{module}}; import it through its index.ts ('{{entry}}') (docs/architecture.md).",
    },
  },
  create(context) {
    const { mayImport, nodeBuiltins = true, forbidden = [], modules = [] } = context.options[0];
    const filename = context.physicalFilename ?? context.filename;
    const importer = toRepoPath(filename);

    /** The module (`renderer/features/quotes`) that `repoPath` lies in under `folder`, if any. */
    const moduleOf = (repoPath, folder) =>
      within(repoPath, folder) && repoPath !== folder
        ? `${folder}/${repoPath.slice(folder.length + 1).split('/')[0]}`
        : undefined;

    /** A module's inside reached from another module: the index (with or without its name) is the way in. */
    const reachesInside = (node, source, target) => {
      for (const folder of modules) {
        const targetModule = moduleOf(target, folder);
        if (!targetModule || targetModule === moduleOf(importer, folder)) continue;
        const entry = target.replace(/\.(tsx?|mts)$/, '');
        if (entry === targetModule || entry === `${targetModule}/index`) continue;
        const way = path.posix.relative(path.posix.dirname(importer), targetModule);
        context.report({
          node,
          messageId: 'module',
          data: { source, module: targetModule, entry: way.startsWith('.') ? way : `./${way}` },
        });
        return;
      }
    };

    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (source.startsWith('.')) {
        const target = toRepoPath(path.resolve(path.dirname(filename), source));
        if (target.startsWith('..') || path.isAbsolute(target)) {
          context.report({ node, messageId: 'outside', data: { source } });
        } else if (!mayImport.some((folder) => within(target, folder))) {
          context.report({
            node,
            messageId: 'folder',
            data: { source, target, allowed: mayImport.join(', ') },
          });
        } else {
          reachesInside(node, source, target);
        }
        return;
      }
      if (!nodeBuiltins && isNodeBuiltin(source)) {
        context.report({ node, messageId: 'builtin', data: { source } });
        return;
      }
      const banned = forbidden.find((name) => source === name || source.startsWith(`${name}/`));
      if (banned === 'electron') {
        context.report({
          node,
          messageId: 'forbidden',
          data: { source, why: 'only electron/main and electron/preload use Electron.' },
        });
      } else if (banned) {
        context.report({ node, messageId: 'forbidden', data: { source, why: 'not allowed here.' } });
      }
    };
    const literal = (node) => (node && node.type === 'Literal' ? node.value : undefined);

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ImportExpression: (node) => check(node, literal(node.source)),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' &&
        check(node, literal(node.moduleReference.expression)),
      TSImportType: (node) => check(node, literal(node.argument?.literal ?? node.argument)),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require')
          check(node, literal(node.arguments[0]));
      },
    };
  },
};

export default { rules: { imports: rule } };
