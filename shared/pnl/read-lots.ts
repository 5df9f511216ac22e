import type { PositionDetails } from '../openapi/records/accounts';

/** The most lots a page of position details holds (the operation's limit). */
export const LOT_PAGE_SIZE = 100;
/** Pages read at most for one position: 5,000 lots, so a reply that never ends cannot loop forever. */
export const MAX_LOT_PAGES = 50;

/**
 * Every lot of a position: position-details pages read in turn by `last_id` while `has_more`. A
 * reply that says there is more but names no new `last_id`, or a position beyond MAX_LOT_PAGES,
 * is an error (its day P&L would be wrong), never an endless loop.
 */
export async function readAllLots(
  readPage: (lastId: string | undefined) => Promise<PositionDetails>,
): Promise<PositionDetails['items']> {
  const lots: PositionDetails['items'] = [];
  let lastId: string | undefined;
  for (let page = 0; page < MAX_LOT_PAGES; page++) {
    const reply = await readPage(lastId);
    lots.push(...reply.items);
    if (!reply.has_more) return lots;
    if (!reply.last_id || reply.last_id === lastId)
      throw new Error('Position details said there were more lots but gave no next page');
    lastId = reply.last_id;
  }
  throw new Error(`Position details ran past ${MAX_LOT_PAGES} pages of lots`);
}
