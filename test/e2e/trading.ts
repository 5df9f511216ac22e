import { expect, type Locator, type Page } from '@playwright/test';
import { showPanel } from './dock';

/**
 * A limit buy of one AAPL share, by default far below the market, so the blotter has an open row
 * with Replace and Cancel.
 */
export async function placeRestingOrder(page: Page, limitPrice = '1.00'): Promise<void> {
  const placed = await page.evaluate(async (limitPrice) => {
    const accounts = await window.bullpen?.invoke('api.accountList', {});
    if (!accounts?.ok) return accounts;
    const account = (accounts.value as Array<{ account_id: string }>)[0];
    const clientOrderId = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    return window.bullpen?.invoke('api.orderPlace', {
      account_id: account?.account_id ?? '',
      new_orders: [
        {
          client_order_id: clientOrderId,
          symbol: 'AAPL',
          instrument_type: 'EQUITY',
          market: 'US',
          order_type: 'LIMIT',
          limit_price: limitPrice,
          quantity: '1',
          side: 'BUY',
          time_in_force: 'GTC',
          entrust_type: 'QTY',
        },
      ],
    });
  }, limitPrice);
  if (!placed || !(placed as { ok: boolean }).ok)
    throw new Error(`order not placed: ${JSON.stringify(placed)}`);
}

/**
 * Places what the stock ticket holds: Place, then Send order in the confirmation (after `confirm`
 * has read it, where given), the ticket saying it was sent; returns the blotter on its Today's tab.
 */
export async function sendStockOrder(
  page: Page,
  ticket: Locator,
  confirm?: (dialog: Locator) => Promise<void>,
): Promise<Locator> {
  await ticket.getByRole('button', { name: 'Place' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm order' });
  if (confirm) await confirm(dialog);
  await dialog.getByRole('button', { name: 'Send order' }).click();
  await expect(ticket.getByText(/Order sent/)).toBeVisible();
  const orders = await showPanel(page, 'Orders');
  await orders.getByRole('tab', { name: "Today's" }).click();
  return orders;
}
