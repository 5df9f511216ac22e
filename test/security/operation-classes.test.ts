import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ipcOps, OP_NAMES, type OpName } from '../../shared/ipc/contract';
import { apiOpClass, OP_CLASSES } from '../../shared/ipc/op-classes';

/**
 * docs/security.md's table of operations is the reviewed list of what main guards: every
 * operation is in it once, with the class the contract gives it, so neither can drift.
 */
const doc = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('## Operation classes'), doc.indexOf('### Order guards'));
const rows = section
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| Operation') && !line.startsWith('| ---'))
  .map((line) => line.split('|').map((cell) => cell.trim()));

describe('operation classes', () => {
  it('gives every operation a class, orders and the desktop effects as effects', () => {
    for (const name of OP_NAMES) expect(OP_CLASSES).toContain(ipcOps[name].opClass);
    expect(apiOpClass('orderPlace')).toBe('effect');
    expect(apiOpClass('optionOrderCancel')).toBe('effect');
    expect(apiOpClass('orderPreview')).toBe('read');
    expect(apiOpClass('watchlistAdd')).toBe('preference');
    expect(apiOpClass('watchlistList')).toBe('read');
  });

  it("lists every operation once in docs/security.md with the contract's class", () => {
    const listed = new Map<string, string>();
    let otherApi: string | undefined;
    for (const [, ops = '', cls = ''] of rows) {
      if (ops.startsWith('every other `api.*`')) {
        otherApi = cls;
        continue;
      }
      for (const m of ops.matchAll(/`([a-zA-Z.]+)`/g)) {
        const name = m[1] ?? '';
        expect(listed.has(name), `${name} listed twice`).toBe(false);
        listed.set(name, cls);
      }
    }
    expect(otherApi).toBe('read');
    for (const name of OP_NAMES) {
      const cls = listed.get(name) ?? (name.startsWith('api.') ? otherApi : undefined);
      expect(cls, name).toBe(ipcOps[name as OpName].opClass);
    }
    for (const name of listed.keys()) expect(OP_NAMES, name).toContain(name);
  });
});
