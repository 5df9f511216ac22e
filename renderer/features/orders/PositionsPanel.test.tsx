// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Position } from '../../../shared/openapi/records/accounts';
import type { QuoteDelta } from '../../../shared/ipc/streams';
import { installFakeBridge } from '../../lib/fake-bridge';
import type { LinkedInstrument } from '../../ui/panel-types';
import { renderPanel, TEST_ACCOUNTS } from '../../ui/panel-test-kit';
import { useStagedOrder } from '../order-ticket/staged-order';
import { useQuoteStore } from '../quotes/quote-store';
import { PositionsPanel } from './PositionsPanel';

const STOCK: Position = {
  instrument_id: 'i1',
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  category: 'US_STOCK',
  quantity: '10',
  cost_price: '180.0000',
  last_price: '185.00',
  market_value: '1850.00',
  unrealized_profit_loss: '50.00',
  multiplier: '1',
};
const PUT: Position = {
  instrument_id: 'i2',
  symbol: 'AAPL261120P00190000',
  instrument_type: 'OPTION',
  quantity: '5',
  cost_price: '1.1000',
  last_price: '1.00',
  market_value: '500.00',
  unrealized_profit_loss: '-50.00',
  multiplier: '100',
};

/** Lots held from an earlier day (open_time 0): they count from the previous close. */
const OLD_LOTS: Record<
  string,
  Array<{ lot_id: string; quantity: string; cost_price: string; open_time: number }>
> = {
  i1: [{ lot_id: 'L1', quantity: '10', cost_price: '180', open_time: 0 }],
  i2: [{ lot_id: 'L2', quantity: '5', cost_price: '1.10', open_time: 0 }],
};

const NETWORK_RESET = { code: 'NETWORK', message: 'The connection was reset', retryable: false };

function fakeBridge(lots: typeof OLD_LOTS | 'fail' = OLD_LOTS) {
  const fake = installFakeBridge((op, input) => {
    if (op === 'api.positionDetails') {
      if (lots === 'fail') throw NETWORK_RESET;
      const id = (input as { instrument_id: string }).instrument_id;
      return { instrument_id: id, items: lots[id] ?? [], has_more: false };
    }
    return op === 'api.accountList'
      ? TEST_ACCOUNTS
      : op === 'api.positions'
        ? [STOCK, PUT]
        : op === 'api.optionSnapshot'
          ? [{ symbol: PUT.symbol, bid: '1.30', ask: '1.50', price: '1.35', pre_close: '1.20' }]
          : undefined;
  });
  return {
    get ops() {
      return fake.calls.map((c) => c.op);
    },
    emit: (d: QuoteDelta[]) => act(() => fake.emit('quotes', d)),
  };
}

const renderPositions = (linked: LinkedInstrument[]) => renderPanel(PositionsPanel, { linked });

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

afterEach(() => {
  cleanup();
  delete window.bullpen;
  useQuoteStore.getState().reset();
  useStagedOrder.setState({ staged: undefined });
});

describe('positions', () => {
  it('marks stocks to the quote stream and options to their snapshot: last, value, day and total P&L', async () => {
    const bridge = fakeBridge();
    renderPositions([]);
    const stock = await screen.findByRole('row', { name: /^AAPL US_STOCK|^AAPL EQUITY/ });
    bridge.emit([{ symbol: 'AAPL', time: 2, price: '190.00', preClose: '188.00' }]);
    await waitFor(() =>
      expect(cells(stock).slice(4, 8)).toEqual(['190.00', '$1,900.00', '+$20.00', '+$100.00']),
    );
    bridge.emit([{ symbol: 'AAPL', time: 3, price: '191.00' }]);
    expect(cells(stock).slice(4, 8)).toEqual(['191.00', '$1,910.00', '+$30.00', '+$110.00']);
    const put = screen.getByRole('row', { name: /AAPL 20 Nov 2026 190 Put/ });
    // Marked at the mid (1.40): 5 contracts × 100.
    await waitFor(() => expect(cells(put).slice(4, 8)).toEqual(['1.40', '$700.00', '+$100.00', '+$150.00']));
  });

  it('counts a lot bought today from its fill and an older lot from the previous close; totals sum the rows', async () => {
    const bridge = fakeBridge({
      ...OLD_LOTS,
      // 10 held: 6 from an earlier day at 180, 4 bought a minute ago at 189.
      i1: [
        { lot_id: 'L1', quantity: '6', cost_price: '180', open_time: 0 },
        { lot_id: 'L9', quantity: '4', cost_price: '189', open_time: Date.now() - 60_000 },
      ],
    });
    renderPositions([]);
    const stock = await screen.findByRole('row', { name: /^AAPL EQUITY/ });
    bridge.emit([{ symbol: 'AAPL', time: 2, price: '190.00', preClose: '188.00' }]);
    // (190 − 188) × 6 + (190 − 189) × 4 = 16, not (190 − 188) × 10 = 20.
    await waitFor(() => expect(cells(stock)[6]).toBe('+$16.00'));
    const total = screen.getByRole('row', { name: /^Total/ });
    // With the put's +$100.00 day and +$150.00 total at its mid of 1.40.
    await waitFor(() => expect(cells(total)).toEqual(['$2,600.00', '+$116.00', '+$250.00', '']));
  });

  it('lots that cannot be read: no day P&L, no total of it, the reason and a retry', async () => {
    const bridge = fakeBridge('fail');
    renderPositions([]);
    const stock = await screen.findByRole('row', { name: /^AAPL EQUITY/ });
    bridge.emit([{ symbol: 'AAPL', time: 2, price: '190.00', preClose: '188.00' }]);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /could not be read: The connection was reset/,
    );
    expect(cells(stock)[6]).toBe('—');
    expect(cells(screen.getByRole('row', { name: /^Total/ }))[1]).toBe('—');
    const before = bridge.ops.filter((c) => c === 'api.positionDetails').length;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(bridge.ops.filter((c) => c === 'api.positionDetails').length).toBeGreaterThan(before),
    );
  });

  it("a position's Close stages the closing order in the linked ticket and sends nothing", async () => {
    const bridge = fakeBridge();
    const linked: LinkedInstrument[] = [];
    renderPositions(linked);
    await screen.findByRole('row', { name: /^AAPL EQUITY/ });
    await userEvent.click(await screen.findByRole('button', { name: 'Close AAPL 20 Nov 2026 190 Put' }));
    expect(linked).toEqual([{ symbol: 'AAPL', category: 'US_STOCK' }]);
    expect(useStagedOrder.getState().staged).toEqual({
      accountId: 'A1',
      underlying: 'AAPL',
      expiry: '2026-11-20',
      strike: '190',
      optionType: 'PUT',
      side: 'SELL',
      quantity: '5',
    });
    expect(bridge.ops.some((c) => c.includes('Place'))).toBe(false);
  });
});
