import { describe, expect, it } from 'vitest';
import { confirmationText } from './confirm-text';
import { contractText, formatExpiry } from '../../../shared/market/contract-name';
import type { TicketDraft } from './ticket-model';

const draft: TicketDraft = {
  accountId: 'A1',
  underlying: 'AAPL',
  expiry: '2026-11-20',
  strike: '190',
  optionType: 'CALL',
  side: 'BUY',
  orderType: 'LIMIT',
  limitPrice: '1.25',
  stopPrice: '',
  quantity: '2',
  timeInForce: 'DAY',
};

describe('confirmation text', () => {
  it('restates a limit buy with its estimate', () => {
    expect(confirmationText(draft, '1.25')).toBe(
      'Buy 2 AAPL 20 Nov 2026 190 Call at a limit of 1.25, good for the day: about $250.00 plus commission',
    );
  });
  it('restates a market sell of puts, GTC, as a credit', () => {
    expect(
      confirmationText(
        {
          ...draft,
          side: 'SELL',
          optionType: 'PUT',
          orderType: 'MARKET',
          quantity: '1',
          timeInForce: 'GTC',
          strike: '187.5',
        },
        '2.10',
      ),
    ).toBe(
      'Sell 1 AAPL 20 Nov 2026 187.5 Put at the market, good till cancelled: about $210.00 received, less commission',
    );
  });
  it('names both prices of a stop-limit and leaves the amount out when there is no price', () => {
    expect(
      confirmationText(
        { ...draft, orderType: 'STOP_LOSS_LIMIT', stopPrice: '1.5', limitPrice: '1.6' },
        undefined,
      ),
    ).toBe('Buy 2 AAPL 20 Nov 2026 190 Call with a stop at 1.5 and a limit of 1.6, good for the day');
  });
});

describe('contract text', () => {
  it('writes the expiry as a calendar date and the strike without trailing zeros', () => {
    expect(formatExpiry('2027-01-05')).toBe('5 Jan 2027');
    expect(
      contractText({ underlying: 'SPY', expiry: '2026-12-18', strike: '450.500', optionType: 'PUT' }),
    ).toBe('SPY 18 Dec 2026 450.5 Put');
  });
});
