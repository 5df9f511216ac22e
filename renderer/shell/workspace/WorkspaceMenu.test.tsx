// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WorkspaceMenu } from './WorkspaceMenu';

/** "Save as" checks the name at the field (docs/ui.md "Workspaces"): nothing is sent until it is valid. */
let calls: Array<{ op: string; input: unknown }> = [];
beforeEach(() => {
  calls = [];
  window.bullpen = {
    invoke: (op: string, input: unknown) => {
      calls.push({ op, input });
      const info = { active: 'Default', names: ['Default'] };
      return Promise.resolve({ ok: true as const, value: op === 'workspace.get' ? info : info });
    },
    subscribe: () => () => undefined,
  };
});
afterEach(cleanup);

function renderMenu() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WorkspaceMenu />
    </QueryClientProvider>,
  );
}

const saveAsCalls = () => calls.filter((c) => c.op === 'workspace.saveAs');

describe('WorkspaceMenu save as', () => {
  it('a blank name is refused at the field, with a message, and nothing is sent', async () => {
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: /^Workspace:/ }));
    const field = screen.getByRole('textbox', { name: 'Workspace name' });
    await userEvent.type(field, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save as' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    const message = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toMatch(/needs a name/);
    expect(saveAsCalls()).toEqual([]);
    expect(field).toHaveProperty('value', '   ');
  });

  it('a name with a control character is refused at the field', async () => {
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: /^Workspace:/ }));
    const field = screen.getByRole('textbox', { name: 'Workspace name' });
    await userEvent.type(field, 'Morning');
    // A tab pasted from elsewhere: typing it would move focus, so it is set as a paste would.
    await userEvent.click(field);
    await userEvent.paste('\tscan');
    await userEvent.click(screen.getByRole('button', { name: 'Save as' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(saveAsCalls()).toEqual([]);
  });

  it('a valid name is trimmed and saved', async () => {
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: /^Workspace:/ }));
    const field = screen.getByRole('textbox', { name: 'Workspace name' });
    await userEvent.type(field, '  Earnings day {Enter}');
    expect(saveAsCalls()).toEqual([{ op: 'workspace.saveAs', input: { name: 'Earnings day' } }]);
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
  });
});

describe('WorkspaceMenu rename and delete', () => {
  const answering = (names: string[], active: string) => {
    window.bullpen = {
      invoke: (op: string, input: unknown) => {
        calls.push({ op, input });
        const i = input as { to?: string; name?: string };
        const value =
          op === 'workspace.rename'
            ? { active: i.to, names: names.map((n) => (n === active ? i.to : n)), state: {} }
            : op === 'workspace.remove'
              ? {
                  active: names.find((n) => n !== i.name),
                  names: names.filter((n) => n !== i.name),
                  state: {},
                }
              : { active, names, state: {} };
        return Promise.resolve({ ok: true as const, value });
      },
      subscribe: () => () => undefined,
    };
  };

  it('renames the active workspace to the name typed', async () => {
    answering(['Default', 'Focus'], 'Focus');
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Workspace: Focus' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Workspace name' }), 'Options desk');
    await userEvent.click(screen.getByRole('button', { name: 'Rename Focus' }));
    expect(await screen.findByRole('button', { name: 'Workspace: Options desk' })).toBeTruthy();
    expect(calls).toContainEqual({ op: 'workspace.rename', input: { from: 'Focus', to: 'Options desk' } });
  });

  it('deletes the active workspace only after the question is answered', async () => {
    answering(['Default', 'Focus'], 'Focus');
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Workspace: Focus' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete workspace Focus…' }));
    const question = screen.getByRole('group', { name: 'Delete workspace Focus?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep' }));
    expect(calls.filter((c) => c.op === 'workspace.remove')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete workspace Focus…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('button', { name: 'Workspace: Default' })).toBeTruthy();
    expect(calls).toContainEqual({ op: 'workspace.remove', input: { name: 'Focus' } });
  });

  it('cannot delete the last workspace', async () => {
    answering(['Default'], 'Default');
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Workspace: Default' }));
    expect(screen.getByRole('button', { name: 'Delete workspace Default…' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
