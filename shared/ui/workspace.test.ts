import { describe, expect, it } from 'vitest';
import {
  checkWorkspaceName,
  DEFAULT_WORKSPACE_NAME,
  migrate,
  WORKSPACE_VERSION,
  workspaceName,
  type WorkspaceState,
} from './workspace';

const state: WorkspaceState = {
  layout: { grid: { root: {} }, panels: {} },
  panels: { chart: { panel: 'chart', settings: { timespan: 'D' }, group: 'red' } },
  groups: { red: { symbol: 'AAPL', category: 'US_STOCK' } },
};

describe('workspace migrate', () => {
  it('keeps a current file as it is', () => {
    const file = { version: WORKSPACE_VERSION, active: 'Trading', workspaces: { Trading: state } };
    expect(migrate(file)).toEqual({ ok: true, file });
  });

  it('turns an unversioned single workspace (version 0) into the Default workspace', () => {
    const result = migrate(state);
    expect(result).toEqual({
      ok: true,
      file: { version: 1, active: DEFAULT_WORKSPACE_NAME, workspaces: { [DEFAULT_WORKSPACE_NAME]: state } },
    });
  });

  it('refuses a file from a newer version instead of guessing', () => {
    const result = migrate({ version: WORKSPACE_VERSION + 1, active: 'x', workspaces: {} });
    expect(result.ok).toBe(false);
  });

  it('refuses garbage with a reason', () => {
    for (const raw of [null, 'text', 42, { version: 1, active: '', workspaces: {} }, { panels: 3 }]) {
      const result = migrate(raw);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).not.toBe('');
    }
  });

  it('refuses an instrument that is not an upper-case ticker', () => {
    const bad = { ...state, groups: { red: { symbol: 'aapl', category: 'US_STOCK' } } };
    expect(migrate({ version: 1, active: 'A', workspaces: { A: bad } }).ok).toBe(false);
  });

  it('adds an empty active workspace when the file names one it does not hold', () => {
    const result = migrate({ version: 1, active: 'Gone', workspaces: { Other: state } });
    expect(result.ok && result.file.workspaces.Gone).toEqual({ layout: null, panels: {}, groups: {} });
  });
});

describe('the workspace name rule without zod', () => {
  it('answers as the schema main applies does: the same trimmed name, or its first message', () => {
    const names = [
      '',
      '   ',
      'Trading',
      '  Day 2  ',
      'x'.repeat(64),
      'x'.repeat(65),
      ' a\u0007b ',
      'a\nb',
      '\u0085',
    ];
    for (const raw of names) {
      const parsed = workspaceName.safeParse(raw);
      const expected = parsed.success
        ? { ok: true, name: parsed.data }
        : { ok: false, problem: parsed.error.issues[0]?.message };
      expect({ raw, ...checkWorkspaceName(raw) }).toEqual({ raw, ...expected });
    }
  });
});
