// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/ipc/app-types';

/** Settings → Trading hotkeys: a key recorded from a press, a clash refused at its field, the size checked. */
const bridge = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('../../lib/bridge', async (original) => ({
  ...(await original<typeof import('../../lib/bridge')>()),
  invoke: bridge.invoke,
  invokeWith: (op: string, input: unknown) => bridge.invoke(op, input),
}));
const { HotkeySettings } = await import('./HotkeySettings');

let saved: Array<Partial<Settings>> = [];
beforeEach(() => {
  saved = [];
  bridge.invoke.mockReset();
  bridge.invoke.mockImplementation((op: string, input: Partial<Settings>) => {
    if (op === 'settings.set') {
      saved.push(input);
      return Promise.resolve({ ...DEFAULT_SETTINGS, ...input });
    }
    return Promise.resolve(DEFAULT_SETTINGS);
  });
});
afterEach(cleanup);

function renderSettings() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HotkeySettings />
    </QueryClientProvider>,
  );
}

describe('hotkey settings', () => {
  it('records the key pressed in a field, with its modifiers, and saves it', async () => {
    renderSettings();
    const field = await screen.findByRole('textbox', { name: 'Buy at the last price' });
    fireEvent.keyDown(field, { code: 'Digit1', key: '!', shiftKey: true, ctrlKey: true });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.tradingHotkeys?.keys.buyLast).toBe('Ctrl+Shift+1');
  });

  it('refuses a key another action has, at the field, and saves nothing', async () => {
    renderSettings();
    const field = await screen.findByRole('textbox', { name: 'Buy at the last price' });
    fireEvent.keyDown(field, { code: 'KeyB', key: 'B', shiftKey: true });
    expect(screen.getByRole('alert').textContent).toBe('Shift+B is already the key for "Buy at the ask"');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);
  });

  it('checks the size at its field before saving', async () => {
    renderSettings();
    const size = await screen.findByRole('textbox', { name: 'Hotkey order size (shares)' });
    fireEvent.change(size, { target: { value: '0' } });
    fireEvent.blur(size);
    expect(screen.getByRole('alert').textContent).toMatch(/^Size: /);
    expect(saved).toEqual([]);
    fireEvent.change(size, { target: { value: '250' } });
    fireEvent.blur(size);
    await waitFor(() => expect(saved[0]?.tradingHotkeys?.quantity).toBe('250'));
  });
});
