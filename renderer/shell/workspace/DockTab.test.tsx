// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IDockviewHeaderActionsProps, IDockviewPanelHeaderProps } from 'dockview-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DockGroupActions, DockTab } from './DockTab';

afterEach(cleanup);

function fakePanel() {
  const close = vi.fn();
  const api = { title: 'Chart', id: 'chart', close, onDidTitleChange: () => ({ dispose() {} }) };
  return { api, close };
}

describe('DockTab', () => {
  it('holds no control inside the tab; Delete on the focused tab closes the panel', () => {
    const { api, close } = fakePanel();
    render(
      // Dockview's own tab element: the focusable role="tab" around the tab component.
      <div role="tab" tabIndex={0} aria-label="Chart">
        <DockTab {...({ api } as unknown as IDockviewPanelHeaderProps)} />
      </div>,
    );
    const tab = screen.getByRole('tab', { name: 'Chart' });
    expect(tab.querySelector('button, [tabindex]')).toBeNull();
    fireEvent.keyDown(tab, { key: 'Enter' });
    expect(close).not.toHaveBeenCalled();
    fireEvent.keyDown(tab, { key: 'Delete' });
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("the group header's button closes the active panel and is named after it", async () => {
    const { api, close } = fakePanel();
    const props = {
      activePanel: { id: 'chart', title: 'Chart', api },
    } as unknown as IDockviewHeaderActionsProps;
    render(<DockGroupActions {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close Chart' }));
    expect(close).toHaveBeenCalledTimes(1);
  });
});
