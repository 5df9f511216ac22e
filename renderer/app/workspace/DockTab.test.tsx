// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { IDockviewPanelHeaderProps } from 'dockview-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DockTab } from './DockTab';

afterEach(cleanup);

function renderTab() {
  const close = vi.fn();
  const api = { title: 'Chart', id: 'chart', close, onDidTitleChange: () => ({ dispose() {} }) };
  const props = { api } as unknown as IDockviewPanelHeaderProps;
  render(
    // Dockview's own tab element: the focusable role="tab" around the tab component.
    <div role="tab" tabIndex={0} aria-label="Chart">
      <DockTab {...props} />
    </div>,
  );
  return close;
}

describe('DockTab', () => {
  it('has a named close button that is not a second tab stop inside the tab', () => {
    renderTab();
    const button = screen.getByRole('button', { name: 'Close Chart' });
    expect(button.tabIndex).toBe(-1);
  });

  it('Delete on the focused tab closes the panel; other keys do not', () => {
    const close = renderTab();
    const tab = screen.getByRole('tab', { name: 'Chart' });
    fireEvent.keyDown(tab, { key: 'Enter' });
    expect(close).not.toHaveBeenCalled();
    fireEvent.keyDown(tab, { key: 'Delete' });
    expect(close).toHaveBeenCalledTimes(1);
  });
});
