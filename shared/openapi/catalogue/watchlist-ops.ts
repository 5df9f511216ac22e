import { z } from 'zod';
import * as W from '../records/watchlists';
import { category, rows, symbol } from '../primitives';
import { op, none } from './operation-def';

const watchlistRef = z.object({
  symbol,
  category: category.default('US_STOCK'),
  sort: z.number().int().optional(),
});
const watchlistId = z.string().min(1, 'watchlist_id is required');

/** The eight watchlist operations (docs/openapi-client.md). */
export const watchlistOperations = {
  watchlistList: op({
    method: 'GET',
    path: '/openapi/market-data/watchlist/list',
    area: 'marketData',
    params: none,
    response: rows(W.watchlist),
    summary: 'Watchlists',
  }),
  watchlistCreate: op({
    method: 'POST',
    path: '/openapi/market-data/watchlist/create',
    area: 'marketData',
    params: z.object({
      name: z.string().trim().min(1, 'name is required').max(64),
      sort: z.number().int().optional(),
    }),
    response: W.watchlist,
    summary: 'Create watchlist',
  }),
  watchlistUpdate: op({
    method: 'POST',
    path: '/openapi/market-data/watchlist/update',
    area: 'marketData',
    params: z.object({
      watchlist_id: watchlistId,
      name: z.string().trim().min(1).max(64).optional(),
      sort: z.number().int().optional(),
    }),
    response: W.watchlist,
    summary: 'Rename or move watchlist',
  }),
  watchlistDelete: op({
    method: 'POST',
    path: '/openapi/market-data/watchlist/delete',
    area: 'marketData',
    params: z.object({ watchlist_id: watchlistId }),
    response: W.watchlistDeleted,
    summary: 'Delete watchlist',
  }),
  watchlistInstruments: op({
    method: 'GET',
    path: '/openapi/market-data/watchlist/instruments/list',
    area: 'marketData',
    params: z.object({ watchlist_id: watchlistId }),
    response: rows(W.watchlistInstrument),
    summary: 'Watchlist instruments',
  }),
  watchlistAdd: op({
    method: 'POST',
    path: '/openapi/market-data/watchlist/instruments/add',
    area: 'marketData',
    params: z.object({ watchlist_id: watchlistId, instruments: z.array(watchlistRef).min(1) }),
    response: rows(W.watchlistInstrument),
    summary: 'Add to watchlist',
  }),
  watchlistRemove: op({
    method: 'POST',
    path: '/openapi/market-data/watchlist/instruments/remove',
    area: 'marketData',
    params: z.object({ watchlist_id: watchlistId, instruments: z.array(watchlistRef).min(1) }),
    response: rows(W.watchlistInstrument),
    summary: 'Remove from watchlist',
  }),
  watchlistReorder: op({
    method: 'POST',
    path: '/openapi/market-data/watchlist/instruments/update',
    area: 'marketData',
    params: z.object({ watchlist_id: watchlistId, instruments: z.array(watchlistRef).min(1) }),
    response: rows(W.watchlistInstrument),
    summary: 'Reorder watchlist',
  }),
} as const;
