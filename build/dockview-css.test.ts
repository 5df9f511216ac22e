import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import config, { dockviewOneTheme } from '../electron.vite.config.mts';
import { keepOneTheme } from './dockview-css';

const css = `/* c { } */
.dv-tab { color: red; }
.dockview-theme-dark { --dv-a: 1; }
.dockview-theme-abyss { --dv-a: 2; }
.dockview-theme-dark-spaced, .dockview-theme-dark .dv-tab { --dv-b: "}"; }
.dockview-theme-abyss .dv-tab, .dv-x { padding: 0; }
@media (pointer: coarse) { .dv-tab { padding: 8px; } }
`;

describe('keepOneTheme', () => {
  it("keeps the structure and the chosen theme, drops other themes' selectors and emptied rules", () => {
    const out = keepOneTheme(css, 'dockview-theme-dark');
    expect(out).toContain('/* c { } */');
    expect(out).toContain('.dv-tab { color: red; }');
    expect(out).toContain('.dockview-theme-dark { --dv-a: 1; }');
    expect(out).not.toContain('abyss');
    expect(out).not.toContain('dark-spaced');
    expect(out).toContain('.dockview-theme-dark .dv-tab { --dv-b: "}"; }');
    expect(out).toContain('.dv-x { padding: 0; }');
    expect(out).toContain('@media (pointer: coarse) { .dv-tab { padding: 8px; } }');
  });

  it("on dockview's own sheet: every non-theme rule kept, one theme left, most of the size gone", () => {
    const require = createRequire(import.meta.url);
    const sheet = readFileSync(require.resolve('dockview-react/dist/styles/dockview.css'), 'utf8');
    const out = keepOneTheme(sheet, 'dockview-theme-dark');
    const themes = new Set(out.match(/\.dockview-theme-[\w-]+/g));
    expect([...themes]).toEqual(['.dockview-theme-dark']);
    // Rules without a theme class are untouched: the same count of `.dv-` rule blocks outside themes.
    const plain = (s: string) =>
      s.split('}').filter((r) => r.includes('{') && !r.includes('dockview-theme-')).length;
    expect(plain(out)).toBe(plain(sheet));
    expect(out.length).toBeLessThan(sheet.length / 2);
  });
});

describe('the renderer build', () => {
  it("runs dockview's stylesheet, and only it, through keepOneTheme", () => {
    const renderer = (config as { renderer?: { plugins?: unknown[] } }).renderer;
    expect(renderer?.plugins).toContain(dockviewOneTheme);
    const transform = dockviewOneTheme.transform as (
      code: string,
      id: string,
    ) => { code: string } | undefined;
    const id = '/x/node_modules/dockview-react/dist/styles/dockview.css';
    expect(transform.call({} as never, css, id)?.code).toBe(keepOneTheme(css, 'dockview-theme-dark'));
    expect(transform.call({} as never, css, '/x/renderer/shell/app.css')).toBeUndefined();
  });
});
