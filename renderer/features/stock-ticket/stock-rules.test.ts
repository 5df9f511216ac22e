import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../shared/decimal';
import { EMPTY_STOCK_DRAFT, type StockDraft } from './stock-draft';
import { tickPlaces, validateStockDraft, type StockRuleContext } from './stock-rules';

const draft = (over: Partial<StockDraft> = {}): StockDraft => ({
  ...EMPTY_STOCK_DRAFT,
  accountId: 'A1',
  symbol: 'AAPL',
  limitPrice: '190.00',
  quantity: '10',
  ...over,
});
const ctx = (over: Partial<StockRuleContext> = {}): StockRuleContext => ({
  bid: '190.10',
  ask: '190.20',
  last: '190.15',
  session: 'RTH',
  shortable: true,
  fractional: true,
  margin: true,
  held: new Decimal(0),
  overnight: true,
  brackets: true,
  ...over,
});

describe('stock ticket rules', () => {
  it('passes a plain limit buy, and asks for an account', () => {
    expect(validateStockDraft(draft(), ctx())).toEqual({});
    expect(validateStockDraft(draft({ accountId: '' }), ctx())).toEqual({ accountId: 'Choose an account.' });
  });

  it('keeps prices on the tick: cents at $1 and above, $0.0001 below', () => {
    expect(tickPlaces(new Decimal('1'))).toBe(2);
    expect(tickPlaces(new Decimal('0.9999'))).toBe(4);
    expect(validateStockDraft(draft({ limitPrice: '190.005' }), ctx()).limitPrice).toBe(
      'The limit price goes in cents at $1.00 and above: at most 2 decimal places.',
    );
    expect(validateStockDraft(draft({ limitPrice: '0.5123' }), ctx())).toEqual({});
    expect(validateStockDraft(draft({ limitPrice: '0.51234' }), ctx()).limitPrice).toBe(
      'The limit price goes in steps of $0.0001 below $1.00: at most 4 decimal places.',
    );
    expect(validateStockDraft(draft({ limitPrice: '' }), ctx()).limitPrice).toBe('Enter a limit price.');
    expect(validateStockDraft(draft({ limitPrice: '-1' }), ctx()).limitPrice).toBe(
      'The limit price must be a positive number.',
    );
  });

  it('refuses a stop on the wrong side of the market', () => {
    const stop = (side: StockDraft['side'], stopPrice: string, c = ctx()) =>
      validateStockDraft(draft({ side, orderType: 'STOP_LOSS', stopPrice }), c).stopPrice;
    expect(stop('BUY', '190.20')).toBe('A buy stop must be above the ask (190.20).');
    expect(stop('BUY', '190.21')).toBeUndefined();
    expect(stop('SELL', '190.10', ctx({ held: new Decimal(10) }))).toBe(
      'A sell stop must be below the bid (190.10).',
    );
    expect(stop('SHORT', '190.09')).toBeUndefined();
    // Without a quote the last price is the market.
    expect(stop('BUY', '190', ctx({ bid: undefined, ask: undefined }))).toBe(
      'A buy stop must be above the last price (190.15).',
    );
  });

  it('checks a trailing stop by amount on the tick, and by percent below 100', () => {
    const trail = (trailingType: 'AMOUNT' | 'PERCENTAGE', trailingStep: string) =>
      validateStockDraft(draft({ orderType: 'TRAILING_STOP_LOSS', trailingType, trailingStep }), ctx())
        .trailingStep;
    expect(trail('AMOUNT', '1.50')).toBeUndefined();
    expect(trail('AMOUNT', '1.505')).toMatch(/at most 2 decimal places/);
    expect(trail('PERCENTAGE', '2.5')).toBeUndefined();
    expect(trail('PERCENTAGE', '100')).toBe('A trail in percent is below 100 %.');
    expect(trail('PERCENTAGE', '')).toBe('Enter the trail in percent.');
  });

  it('takes fractions of a share only where the instrument allows them, within the fractional rules', () => {
    expect(validateStockDraft(draft({ quantity: '0.5' }), ctx({ fractional: false })).quantity).toBe(
      'AAPL trades in whole shares here.',
    );
    expect(validateStockDraft(draft({ quantity: '0.5' }), ctx())).toEqual({});
    expect(validateStockDraft(draft({ quantity: '0.123456' }), ctx()).quantity).toBe(
      'Fractions of a share go to at most 5 decimal places.',
    );
    expect(validateStockDraft(draft({ quantity: '0.5', timeInForce: 'GTC' }), ctx()).timeInForce).toBe(
      'Fractional orders are good for the day only.',
    );
    expect(
      validateStockDraft(draft({ quantity: '0.5', orderType: 'STOP_LOSS', stopPrice: '200' }), ctx())
        .orderType,
    ).toBe('Fractional orders are market or limit orders.');
    expect(validateStockDraft(draft({ quantity: '0.5', session: 'ALL' }), ctx()).session).toBe(
      'Fractional orders trade in the regular session only.',
    );
  });

  it('sizes by dollars: a market order of at least $5 where fractions are allowed', () => {
    const byAmount = (amount: string, over: Partial<StockDraft> = {}, c = ctx()) =>
      validateStockDraft(draft({ sizing: 'DOLLARS', orderType: 'MARKET', amount, ...over }), c);
    expect(byAmount('250')).toEqual({});
    expect(byAmount('4.99').amount).toBe('A buy by amount is at least $5.00.');
    expect(byAmount('10.001').amount).toBe('The amount goes in cents: at most 2 decimal places.');
    expect(byAmount('250', {}, ctx({ fractional: false })).amount).toBe(
      'AAPL trades in whole shares here: enter a quantity.',
    );
    expect(byAmount('250', { orderType: 'LIMIT' }).orderType).toBe('An order by amount is a market order.');
    expect(byAmount('250', { side: 'SHORT' }).amount).toBe('A short sale is in whole shares.');
    expect(byAmount('250', {}, ctx({ bid: undefined, ask: undefined, last: undefined })).amount).toBe(
      'No price yet to turn the amount into shares.',
    );
    // A sale by amount: no more than the position is worth at the bid (190.10).
    const held = ctx({ held: new Decimal('2.5') });
    expect(byAmount('475.25', { side: 'SELL' }, held)).toEqual({});
    expect(byAmount('475.26', { side: 'SELL' }, held).amount).toBe(
      'You hold 2.5 shares, about $475.25: sell at most that, or use Sell all.',
    );
    expect(byAmount('1', { side: 'SELL' }).side).toBe('You hold no AAPL to sell.');
  });

  it('sells short only a shortable stock, from a margin account, holding no long position', () => {
    const short = (c: StockRuleContext) => validateStockDraft(draft({ side: 'SHORT' }), c).side;
    expect(short(ctx())).toBeUndefined();
    expect(short(ctx({ shortable: false }))).toBe('AAPL cannot be sold short now (none to borrow).');
    expect(short(ctx({ margin: false }))).toBe('A cash account cannot sell short: use a margin account.');
    expect(short(ctx({ held: new Decimal(3) }))).toBe(
      'You hold 3 shares of AAPL: sell them before selling short.',
    );
  });

  it('sells only what is held; selling more is a short sale of its own', () => {
    expect(validateStockDraft(draft({ side: 'SELL' }), ctx({ held: new Decimal(0) })).side).toBe(
      'You hold no AAPL to sell: use Sell short to open a short position.',
    );
    expect(
      validateStockDraft(draft({ side: 'SELL', quantity: '12' }), ctx({ held: new Decimal(10) })).quantity,
    ).toBe('You hold 10 shares: sell at most that, or sell short separately.');
    expect(
      validateStockDraft(draft({ side: 'SELL', quantity: '10' }), ctx({ held: new Decimal(10) })),
    ).toEqual({});
  });

  it('keeps the session rules: limit orders outside the regular session, overnight where offered, day orders in hours', () => {
    expect(validateStockDraft(draft({ session: 'ALL', orderType: 'MARKET' }), ctx()).orderType).toBe(
      'Outside the regular session only limit orders are taken.',
    );
    expect(validateStockDraft(draft({ session: 'NIGHT' }), ctx({ overnight: false })).session).toBe(
      'This environment offers no overnight session.',
    );
    expect(validateStockDraft(draft({ session: 'NIGHT' }), ctx())).toEqual({});
    expect(validateStockDraft(draft(), ctx({ session: 'ATH' })).timeInForce).toMatch(
      /^A day order for the regular session is placed during regular hours/,
    );
    expect(validateStockDraft(draft({ timeInForce: 'GTC' }), ctx({ session: 'ATH' }))).toEqual({});
    expect(
      validateStockDraft(draft({ orderType: 'MARKET', timeInForce: 'GTC' }), ctx({ session: 'PRE' }))
        .orderType,
    ).toBe('The regular session is closed: a market order would wait; use a limit order.');
  });

  it('checks bracket exits against the entry, where the environment takes linked orders', () => {
    const bracket = (over: Partial<StockDraft>, c = ctx()) =>
      validateStockDraft(draft({ bracket: true, ...over }), c);
    expect(bracket({ takeProfit: '200', stopLoss: '180' })).toEqual({});
    expect(bracket({ takeProfit: '185' }).takeProfit).toBe('The take-profit must be above the entry (190).');
    expect(bracket({ stopLoss: '195' }).stopLoss).toBe('The stop-loss must be below the entry (190).');
    expect(bracket({ side: 'SHORT', takeProfit: '180', stopLoss: '200' })).toEqual({});
    expect(bracket({ side: 'SHORT', takeProfit: '195' }).takeProfit).toBe(
      'The take-profit must be below the entry (190).',
    );
    expect(bracket({}).takeProfit).toBe('Enter a take-profit, a stop-loss, or both.');
    expect(bracket({ takeProfit: '200' }, ctx({ brackets: false })).takeProfit).toBe(
      'This environment takes no bracket orders.',
    );
    expect(bracket({ takeProfit: '200.001' }).takeProfit).toMatch(/at most 2 decimal places/);
    expect(bracket({ quantity: '0.5', takeProfit: '200' }).quantity).toBe('Bracket exits need whole shares.');
  });

  it('caps an order at 200,000 shares', () => {
    expect(validateStockDraft(draft({ quantity: '200001' }), ctx()).quantity).toBe(
      'At most 200,000 shares an order.',
    );
  });
});
