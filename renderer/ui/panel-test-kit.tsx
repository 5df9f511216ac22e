import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { LinkedInstrument, PanelProps } from './panel-types';

/** Tests only: the account list every panel test's main answers with. */
export const TEST_ACCOUNTS = [{ account_id: 'A1', account_type: 'MARGIN', account_number: '0001' }];

/**
 * Tests only: renders one panel as the shell mounts it (a fresh query client that does not retry,
 * the panel's props), recording every instrument it sets on its link group into `linked`.
 */
export function renderPanel<S extends object>(
  Panel: ComponentType<PanelProps<S>>,
  opts: { linked?: LinkedInstrument[]; instrument?: LinkedInstrument; settings?: S } = {},
) {
  const { linked = [], instrument, settings = {} as S } = opts;
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Panel
        instanceId="test-panel"
        settings={settings}
        updateSettings={() => undefined}
        instrument={instrument}
        setInstrument={(i) => linked.push(i)}
      />
    </QueryClientProvider>,
  );
}
