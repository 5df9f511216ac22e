import { isLazyPanel } from './lazy-panel';
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
      expect(isLazyPanel(def.component)).toBe(true);
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

describe('panels a workspace opens (loaded ahead of the dock)', () => {
  it('are its saved panels, or the default layout’s when it has no saved layout', async () => {
    const { panelsOpenedBy, DEFAULT_LAYOUT_PANELS } = await import('../workspace/default-layout');
    expect(panelsOpenedBy({ layout: null, panels: {}, groups: {} })).toEqual([...DEFAULT_LAYOUT_PANELS]);
    const panel = (id: string) => ({ panel: id, group: 'none' }) as never;
    expect(
      panelsOpenedBy({
        layout: { grid: {} },
        panels: { a: panel('chart'), b: panel('orders'), c: panel('chart') },
        groups: {},
      }).sort(),
    ).toEqual(['chart', 'orders']);
    for (const id of DEFAULT_LAYOUT_PANELS) expect(PANEL_IDS).toContain(id);
  });

  it('start with the watchlist, whose code is then fetched first', async () => {
    const { panelsOpenedBy } = await import('../workspace/default-layout');
    expect(panelsOpenedBy({ layout: null, panels: {}, groups: {} })[0]).toBe('watchlist');
    const panel = (id: string) => ({ panel: id, group: 'none' }) as never;
    const saved = (ids: string[]) =>
      panelsOpenedBy({
        layout: { grid: {} },
        panels: Object.fromEntries(ids.map((id, i) => [`p${i}`, panel(id)])),
        groups: {},
      });
    expect(saved(['chart', 'quote', 'watchlist', 'watchlist'])).toEqual(['watchlist', 'chart', 'quote']);
    expect(saved(['chart', 'orders'])).toEqual(['chart', 'orders']);
  });

  it('the default list is what the default layout adds', async () => {
    const { buildDefaultLayout, DEFAULT_LAYOUT_PANELS } = await import('../workspace/default-layout');
    const added: string[] = [];
    const api = { addPanel: (p: { id: string }) => added.push(p.id), getPanel: () => undefined };
    buildDefaultLayout(api as never);
    expect(added.sort()).toEqual([...DEFAULT_LAYOUT_PANELS].sort());
  });
});
