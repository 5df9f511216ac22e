// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EnvironmentSettings } from '../../../shared/environments';
import { CredentialsSection } from './CredentialsSection';
import { NewEnvironment } from './NewEnvironment';

/**
 * The settings forms refuse bad input at the field: the input is marked invalid and described by
 * the message, and nothing is sent to main.
 */
function fakeBridge({ active = true }: { active?: boolean } = {}) {
  const calls: Array<{ op: string; input: unknown }> = [];
  window.bullpen = {
    invoke(op, input) {
      calls.push({ op, input });
      if (op === 'credentials.status')
        return Promise.resolve({ ok: true, value: { hasSecret: false, persisted: true } });
      if (op === 'credentials.set')
        return Promise.resolve({
          ok: true,
          value: {
            hasSecret: true,
            persisted: true,
            restarted: active && (input as { appKey: string }).appKey !== 'same-key',
            unchanged: (input as { appKey: string }).appKey === 'same-key',
          },
        });
      return Promise.resolve({ ok: true, value: { id: 'new' } });
    },
    subscribe: () => () => undefined,
  };
  return { sent: (op: string) => calls.filter((c) => c.op === op) };
}

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );

/** The field is invalid and its accessible description says why. */
function expectInvalid(input: HTMLElement, message: RegExp) {
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
  expect(described).toMatch(message);
}

afterEach(() => {
  cleanup();
  delete window.bullpen;
});

describe('Add environment', () => {
  it('custom hosts: bad URLs and host:port are refused at their fields and nothing is sent', async () => {
    const bridge = fakeBridge();
    const user = userEvent.setup();
    wrap(<NewEnvironment onCreated={() => undefined} onCancel={() => undefined} />);
    await user.click(screen.getByRole('radio', { name: 'Custom hosts' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Mine');
    await user.type(screen.getByRole('textbox', { name: 'API base URL' }), 'ftp://example.com');
    await user.type(screen.getByRole('textbox', { name: 'Quotes URL' }), 'not a url');
    await user.type(screen.getByRole('textbox', { name: 'Events host:port' }), 'no-port');
    await user.click(screen.getByRole('button', { name: 'Add environment' }));
    expectInvalid(screen.getByRole('textbox', { name: 'API base URL' }), /\S/);
    expectInvalid(screen.getByRole('textbox', { name: 'Quotes URL' }), /\S/);
    expectInvalid(screen.getByRole('textbox', { name: 'Events host:port' }), /\S/);
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('false');
    expect(bridge.sent('environments.add')).toEqual([]);
  });

  it('region preset: a name with control characters is refused at the Name field and nothing is sent', async () => {
    const bridge = fakeBridge();
    const user = userEvent.setup();
    wrap(<NewEnvironment onCreated={() => undefined} onCancel={() => undefined} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Live\u0007desk' } });
    await user.click(screen.getByRole('button', { name: 'Add environment' }));
    await waitFor(() => expectInvalid(screen.getByRole('textbox', { name: 'Name' }), /control characters/));
    expect(bridge.sent('environments.add')).toEqual([]);

    // Fixed, it goes through.
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Live desk' } });
    await user.click(screen.getByRole('button', { name: 'Add environment' }));
    await waitFor(() => expect(bridge.sent('environments.add')).toHaveLength(1));
    expect(bridge.sent('environments.add')[0]?.input).toEqual({
      source: 'region',
      region: 'us',
      name: 'Live desk',
    });
  });
});

describe('Credentials', () => {
  const env: EnvironmentSettings = {
    id: 'live',
    name: 'Live',
    kind: 'custom',
    apiBaseUrl: 'https://api.example.com',
    quotesUrl: 'mqtts://quotes.example.com:1883',
    eventsAddress: 'events.example.com:443',
    eventsTls: true,
    algorithm: 'HMAC-SHA1',
    xVersion: 'v2',
    accountListPath: '/openapi/account/list',
    signHostWithPort: true,
  };

  it('an empty key and secret are refused at their fields and nothing is sent', async () => {
    const bridge = fakeBridge();
    const user = userEvent.setup();
    wrap(<CredentialsSection env={env} active={false} onSaved={() => undefined} />);
    await user.click(screen.getByRole('button', { name: /save/i }));
    expectInvalid(screen.getByRole('textbox', { name: 'App key' }), /\S/);
    expect(screen.getByLabelText('App secret').getAttribute('aria-invalid')).toBe('true');
    expect(bridge.sent('credentials.set')).toEqual([]);
  });

  it('says after a save whether the session restarted', async () => {
    fakeBridge();
    const user = userEvent.setup();
    wrap(<CredentialsSection env={env} active onSaved={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'App key' }), 'new-key-1234');
    await user.type(screen.getByLabelText('App secret'), 'secret-secret-secret');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Saved. The session restarted with the new credentials.',
    );
    await user.type(screen.getByRole('textbox', { name: 'App key' }), 'same-key');
    await user.type(screen.getByLabelText('App secret'), 'secret-secret-secret');
    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Saved: the same credentials as before, nothing restarted.',
      ),
    );
  });

  it('new credentials for an environment not in use say saved, not "the same as before"', async () => {
    fakeBridge({ active: false });
    const user = userEvent.setup();
    wrap(<CredentialsSection env={env} active={false} onSaved={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'App key' }), 'new-key-1234');
    await user.type(screen.getByLabelText('App secret'), 'secret-secret-secret');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect((await screen.findByRole('status')).textContent).toBe('Saved.');
  });
});
