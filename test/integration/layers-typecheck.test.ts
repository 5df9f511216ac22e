import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The split typecheck (docs/architecture.md, "Layers"): tsconfig.web.json has no Node types and
 * tsconfig.node.json no DOM, and shared/ is checked under both. A probe file (served from memory at
 * a path inside the layer, nothing written) using the other side's globals must fail to compile.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Compiles the probes (path inside the repository → source text) under one config; errors per probe. */
function compileErrors(configName: string, probes: Record<string, string>): Record<string, string> {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(ROOT, configName),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${configName}`);
  const options = { ...config.options, composite: false, noEmit: true };
  const texts = new Map(Object.entries(probes).map(([path, code]) => [resolve(ROOT, path), code]));
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => texts.get(resolve(name)) ?? readFile(name);
  host.fileExists = (name) => texts.has(resolve(name)) || fileExists(name);
  host.getSourceFile = (name, language, onError, create) => {
    const code = texts.get(resolve(name));
    return code === undefined
      ? getSourceFile(name, language, onError, create)
      : ts.createSourceFile(name, code, language);
  };
  const program = ts.createProgram({ rootNames: [...texts.keys()], options, host });
  const errors: Record<string, string> = Object.fromEntries(Object.keys(probes).map((path) => [path, '']));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    if (!d.file) continue;
    const path = Object.keys(probes).find((p) => resolve(ROOT, p) === resolve(d.file?.fileName ?? ''));
    if (path) errors[path] += ts.flattenDiagnosticMessageText(d.messageText, '\n') + '\n';
  }
  return errors;
}

describe('layer typecheck', () => {
  it('tsconfig.web.json has no Node types: shared/ and the renderer cannot use Node', () => {
    const errors = compileErrors('tsconfig.web.json', {
      'shared/__probe__.ts': 'export const pid = process.pid;\n',
      'renderer/__probe__.ts': "export const b = Buffer.from('x');\n",
      'renderer/__probe_ok__.ts': 'export const t = document.title;\n',
    });
    expect(errors['shared/__probe__.ts']).toMatch(/Cannot find name 'process'/);
    expect(errors['renderer/__probe__.ts']).toMatch(/Cannot find name 'Buffer'/);
    expect(errors['renderer/__probe_ok__.ts']).toBe('');
  });

  it('tsconfig.node.json has no DOM: shared/ and main-process code cannot use it', () => {
    const errors = compileErrors('tsconfig.node.json', {
      'shared/__probe__.ts': 'export const t = document.title;\n',
      'electron/services/__probe__.ts': 'export const w = window.innerWidth;\n',
      'electron/services/__probe_ok__.ts': 'export const pid = process.pid;\n',
    });
    expect(errors['shared/__probe__.ts']).toMatch(/Cannot find name 'document'/);
    expect(errors['electron/services/__probe__.ts']).toMatch(/Cannot find name 'window'/);
    expect(errors['electron/services/__probe_ok__.ts']).toBe('');
  });
});
