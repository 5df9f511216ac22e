import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildAppMenu } from './menu';

// Under Vitest `electron` is the stand-in, whose Menu.buildFromTemplate keeps the template.
const items = (menu: unknown): MenuItemConstructorOptions[] =>
  ((menu as { template: MenuItemConstructorOptions[] }).template ?? []).flatMap((top) => [
    top,
    ...((top.submenu as MenuItemConstructorOptions[] | undefined) ?? []),
  ]);

describe('application menu', () => {
  it('has Settings… on Ctrl/Cmd+, that asks main to open the panel, and New Window on Ctrl/Cmd+N', () => {
    const openSettings = vi.fn();
    const newWindow = vi.fn();
    const all = items(
      buildAppMenu({ newWindow, openSettings, openOrderGuards: vi.fn(), openHelp: vi.fn(), isDev: false }),
    );
    const settings = all.filter((i) => i.label === 'Settings…');
    expect(settings).toHaveLength(1);
    expect(settings[0]?.accelerator).toBe('CmdOrCtrl+,');
    (settings[0]?.click as () => void)();
    expect(openSettings).toHaveBeenCalledTimes(1);
    expect(all.find((i) => i.label === 'New Window')?.accelerator).toBe('CmdOrCtrl+N');
  });
  it('offers DevTools only in development', () => {
    const roles = (isDev: boolean) =>
      items(
        buildAppMenu({
          newWindow: vi.fn(),
          openSettings: vi.fn(),
          openOrderGuards: vi.fn(),
          openHelp: vi.fn(),
          isDev,
        }),
      ).map((i) => i.role);
    expect(roles(true)).toContain('toggleDevTools');
    expect(roles(false)).not.toContain('toggleDevTools');
  });
});
