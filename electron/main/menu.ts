import { Menu, type MenuItemConstructorOptions } from 'electron';

/** The application menu: the platform's standard roles and shortcuts plus Bullpen's own items. */
export function buildAppMenu(actions: {
  newWindow: () => void;
  openSettings: () => void;
  /** Main's own order-guard settings (native dialogs, electron/services/trust/guard-settings.ts). */
  openOrderGuards: () => void;
  openHelp: () => void;
  isDev: boolean;
}): Menu {
  const isMac = process.platform === 'darwin';
  // Preferences live where each platform expects them: the app menu on macOS, File elsewhere.
  const settings: MenuItemConstructorOptions = {
    label: 'Settings…',
    accelerator: 'CmdOrCtrl+,',
    click: actions.openSettings,
  };
  const orderGuards: MenuItemConstructorOptions = {
    label: 'Order Confirmations and Limits…',
    click: actions.openOrderGuards,
  };
  const template: MenuItemConstructorOptions[] = [
    ...(isMac
      ? [
          {
            role: 'appMenu' as const,
            submenu: [
              { role: 'about' as const },
              { type: 'separator' as const },
              settings,
              orderGuards,
              { type: 'separator' as const },
              { role: 'services' as const },
              { type: 'separator' as const },
              { role: 'hide' as const },
              { role: 'hideOthers' as const },
              { role: 'unhide' as const },
              { type: 'separator' as const },
              { role: 'quit' as const },
            ],
          },
        ]
      : []),
    {
      label: 'File',
      submenu: [
        { label: 'New Window', accelerator: 'CmdOrCtrl+N', click: actions.newWindow },
        ...(isMac ? [] : [settings, orderGuards]),
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'forceReload' },
        ...(actions.isDev ? [{ role: 'toggleDevTools' as const }] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'Webull OpenAPI documentation', click: actions.openHelp }] },
  ];
  return Menu.buildFromTemplate(template);
}
