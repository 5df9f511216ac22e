import type { OrderRecord } from '../openapi/records/orders';

/** Orders a page of history holds at most (the operation's limit). */
export const HISTORY_PAGE_SIZE = 100;
/** Pages read at most: 5,000 orders, so a reply that never ends cannot loop forever. */
export const MAX_HISTORY_PAGES = 50;

/**
 * Every order of a history period: pages read in turn, each after the last order of the one before
 * (`last_client_order_id`), until a page comes back short. A period beyond MAX_HISTORY_PAGES, or a
 * page that repeats the one before, is an error (the journal's figures would be wrong), never a loop.
 */
export async function readAllOrders(
  readPage: (after: string | undefined) => Promise<OrderRecord[]>,
): Promise<OrderRecord[]> {
  const orders: OrderRecord[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_HISTORY_PAGES; page++) {
    const rows = await readPage(after);
    orders.push(...rows);
    if (rows.length < HISTORY_PAGE_SIZE) return orders;
    const last = rows[rows.length - 1]?.client_order_id;
    if (!last || last === after) throw new Error('Order history gave the same page again');
    after = last;
  }
  throw new Error(`Order history ran past ${MAX_HISTORY_PAGES} pages`);
}
