import { describe, expect, it } from 'vitest';
import { PANEL_IDS } from '../../../shared/ui/panels';
import { PANEL_REGISTRY, PANELS } from './registry';

describe('panel registry', () => {
  it('has one entry per shared panel id, under its own id', () => {
    expect(Object.keys(PANEL_REGISTRY).sort()).toEqual([...PANEL_IDS].sort());
    for (const id of PANEL_IDS) expect(PANEL_REGISTRY[id].id).toBe(id);
    expect(PANELS.map((p) => p.id)).toEqual([...PANEL_IDS]);
  });

  it('gives every panel a title, a lazy component and default settings', () => {
    for (const def of PANELS) {
      expect(def.title.trim()).not.toBe('');
      expect(def.component.$$typeof).toBe(Symbol.for('react.lazy'));
      expect(typeof def.defaultSettings).toBe('object');
    }
  });
});

describe('alerts commands', () => {
  it('offers "New price alert…" for the command palette', () => {
    expect(PANEL_REGISTRY.alerts.commands?.map((c) => [c.id, c.title])).toEqual([
      ['alerts.new', 'New price alert…'],
    ]);
  });
});
