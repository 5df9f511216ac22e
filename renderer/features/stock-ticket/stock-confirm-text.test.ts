import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../shared/decimal';
import { EMPTY_STOCK_DRAFT, type StockDraft } from './stock-draft';
import { stockConfirmationText } from './stock-confirm-text';

const draft = (over: Partial<StockDraft> = {}): StockDraft => ({
  ...EMPTY_STOCK_DRAFT,
  accountId: 'A1',
  symbol: 'AAPL',
  limitPrice: '190.00',
  quantity: '10',
  ...over,
});

describe('the confirmation in words', () => {
  it('restates a limit buy with its cost and names the account', () => {
    expect(stockConfirmationText(draft(), new Decimal('190'), 'Margin ·· 1234')).toBe(
      'Buy 10 shares of AAPL at a limit of 190.00, good for the day, regular session only: about $1,900.00 plus commission. Account: Margin ·· 1234',
    );
  });

  it('says a short sale, a trailing stop and the session in words', () => {
    expect(
      stockConfirmationText(
        draft({
          side: 'SHORT',
          quantity: '1',
          orderType: 'TRAILING_STOP_LOSS',
          trailingType: 'PERCENTAGE',
          trailingStep: '2',
          timeInForce: 'GTC',
          session: 'ALL',
        }),
        undefined,
        'Margin ·· 1234',
      ),
    ).toBe(
      'Sell short 1 share of AAPL with a stop trailing 2 % below the market, good till cancelled, regular and extended hours. Account: Margin ·· 1234',
    );
  });

  it('restates a dollar amount with the shares it buys at the live price, and a bracket’s exits', () => {
    expect(
      stockConfirmationText(
        draft({ sizing: 'DOLLARS', amount: '500', orderType: 'MARKET' }),
        new Decimal('188.62'),
        'M',
      ),
    ).toMatch(/^Buy \$500\.00 of AAPL at market \(about 2\.65 shares\), /);
    expect(
      stockConfirmationText(
        draft({ sizing: 'DOLLARS', amount: '500', orderType: 'MARKET', side: 'SELL' }),
        undefined,
        'M',
      ),
    ).toMatch(/^Sell \$500\.00 of AAPL at market, good for the day/);
    expect(
      stockConfirmationText(
        draft({ sizing: 'DOLLARS', amount: '250', orderType: 'MARKET' }),
        new Decimal('190'),
        'Cash ·· 9',
      ),
    ).toBe(
      'Buy $250.00 of AAPL at market (about 1.31 shares), good for the day, regular session only. Account: Cash ·· 9',
    );
    expect(
      stockConfirmationText(
        draft({ bracket: true, takeProfit: '200', stopLoss: '180' }),
        new Decimal('190'),
        'M',
      ),
    ).toBe(
      'Buy 10 shares of AAPL at a limit of 190.00, good for the day, regular session only: about $1,900.00 plus commission. Bracket, once it fills (one exit cancels the other): take-profit: sell 10 at a limit of 200; stop-loss: sell 10 with a stop at 180. Account: M',
    );
  });
});
