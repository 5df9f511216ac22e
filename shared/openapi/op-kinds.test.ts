import { describe, expect, it } from 'vitest';
import { OP_KINDS } from './op-kinds';
import { OPERATION_IDS, operations } from './operations';

describe('the schema-free table of operation kinds', () => {
  it('has one row per catalogue operation, no more', () => {
    expect(Object.keys(OP_KINDS).sort()).toEqual([...OPERATION_IDS].sort());
  });

  it("states each operation's method and kind as the catalogue does", () => {
    for (const id of OPERATION_IDS) {
      const def = operations[id] as { method: string; kind?: string };
      const row = OP_KINDS[id] as { method: string; kind?: string };
      expect({ id, method: row.method, kind: row.kind }).toEqual({ id, method: def.method, kind: def.kind });
    }
  });
});
