// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/app-types';
import { AboutSection, KeyHelpLink, WEBULL_KEY_HELP_URL } from './AboutSection';
import { OrderSettings } from './OrderSettings';

/** Settings' default quantity, its About and the "where do I get a key" link. */
function fakeBridge() {
  const calls: Array<{ op: string; input: unknown }> = [];
  let settings = { ...DEFAULT_SETTINGS };
  window.bullpen = {
    invoke(op, input) {
      calls.push({ op, input });
      if (op === 'settings.set') settings = { ...settings, ...(input as object) };
      if (op === 'shell.openExternal') return Promise.resolve({ ok: true, value: { opened: true } });
      return Promise.resolve({ ok: true, value: settings });
    },
    subscribe: () => () => undefined,
  };
  return { sent: (op: string) => calls.filter((c) => c.op === op).map((c) => c.input) };
}

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  delete window.bullpen;
});

describe('Settings: default quantity, About, key help', () => {
  it('refuses a quantity that is not a whole number of contracts at the field, and saves a good one', async () => {
    const bridge = fakeBridge();
    const user = userEvent.setup();
    wrap(<OrderSettings />);
    const field = await screen.findByRole('textbox', { name: /Default quantity/ });
    expect(field).toHaveProperty('value', '1');
    await user.clear(field);
    await user.type(field, '0{Enter}');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /whole number/,
    );
    expect(bridge.sent('settings.set')).toEqual([]);
    await user.clear(field);
    await user.type(field, '5{Enter}');
    await waitFor(() => expect(bridge.sent('settings.set')).toEqual([{ defaultQuantity: '5' }]));
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('About names the version', () => {
    wrap(<AboutSection />);
    expect(screen.getByRole('region', { name: 'About Bullpen' }).textContent).toMatch(
      /Version\s*Bullpen \S+/,
    );
  });

  it("the key link opens Webull's application page through main", async () => {
    const bridge = fakeBridge();
    wrap(<KeyHelpLink />);
    await userEvent.click(screen.getByRole('button', { name: 'Where do I get a Webull app key?' }));
    await waitFor(() => expect(bridge.sent('shell.openExternal')).toEqual([{ url: WEBULL_KEY_HELP_URL }]));
  });
});
