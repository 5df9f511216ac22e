import { describe, expect, it } from 'vitest';
import type { Balance } from '../../../shared/openapi/records/accounts';
import type { OrderPreview } from '../../../shared/openapi/records/orders';
import { buyingPowerShortfall, previewCash } from './buying-power';

const preview = (over: Partial<OrderPreview>): OrderPreview => ({
  client_order_id: 'c',
  estimated_cost: '250.00',
  estimated_commission: '1.30',
  estimated_fees: '0.00',
  buying_power_after: '75748.70',
  ...over,
});
const balance = { option_buying_power: '76000.00', buying_power: '152000.00' } as Balance;

describe('buying power at the ticket', () => {
  it("reads the preview's cost as a debit (the preview signs it the other way)", () => {
    expect(previewCash(preview({})).toFixed(2)).toBe('-250.00');
    expect(previewCash(preview({ estimated_cost: '-125.00' })).toFixed(2)).toBe('125.00');
  });
  it('refuses a debit beyond the option buying power, though the preview floors what is left at zero', () => {
    expect(buyingPowerShortfall(preview({}), balance, false)).toBeUndefined();
    expect(
      buyingPowerShortfall(
        preview({
          estimated_cost: '12500000.00',
          estimated_commission: '65000.00',
          buying_power_after: '0.00',
        }),
        balance,
        false,
      ),
    ).toBe(
      'Not enough buying power: this order needs $12,565,000.00; the option buying power is $76,000.00.',
    );
  });
  it('an order that only closes needs none; a preview warning about buying power counts, in words', () => {
    const big = preview({ estimated_cost: '-500000.00', buying_power_after: '0.00' });
    expect(buyingPowerShortfall(big, balance, true)).toBeUndefined();
    expect(
      buyingPowerShortfall(
        preview({
          estimated_cost: '-300.00',
          warnings: ['Insufficient buying power for new_orders[0]: needs 80000.00, available 76000.00'],
        }),
        balance,
        false,
      ),
    ).toBe('Not enough buying power (per the preview): needs 80000.00, available 76000.00.');
  });
});
