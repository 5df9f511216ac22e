import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Decimal } from '../../../shared/decimal';
import { batches, chainRows, expiriesOf, strikesNear, withQuotes } from '../../../shared/market/option-chain';
import type { Category } from '../../../shared/openapi/wire-constants';
import type { ListedOptionContract } from '../../../shared/openapi/records/market';
import { invoke } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';
import { livePrice, useLiveQuote } from '../quotes';
import { useQuoteSubscription } from '../quotes';
import type { TicketDraft } from './ticket-model';

/** Strikes shown around the spot: enough for a choice, few enough for a select. */
const STRIKES_AROUND_SPOT = 15;
/** The open ticket polls its contract's snapshot (main runs it at background priority). */
const QUOTE_POLL_MS = 3000;
/** The option snapshot takes at most 20 symbols a call (Webull reference option-snapshot). */
const SNAPSHOT_BATCH = 20;
/** A bound on the pages of one underlying's listing (thousands of contracts for the busiest names). */
const MAX_CONTRACT_PAGES = 40;

/** Every listed contract of `underlying`, following `pagination_key` (a bounded number of pages). */
async function listedContracts(underlying: string): Promise<ListedOptionContract[]> {
  const rows: ListedOptionContract[] = [];
  let key: string | undefined;
  for (let page = 0; page < MAX_CONTRACT_PAGES; page++) {
    const reply = await invoke('api.optionContracts', {
      underlying_symbols: [underlying],
      ...(key ? { pagination_key: key } : {}),
    });
    rows.push(...reply.data);
    key = reply.pagination_key;
    if (!key) break;
  }
  return rows;
}

/**
 * The ticket's chain, from what every environment serves: expiries and strikes from the
 * list-option-contracts operation, the spot from the quote stream (the stock snapshot until the
 * first quote; the strikes listed centre on the snapshot's), and quotes and greeks for the
 * strikes shown from the option snapshot, batched (docs/ui.md "Options ticket").
 */
export function useTicketData(d: TicketDraft, category: Category = 'US_STOCK') {
  const enabled = d.underlying !== '';
  const chain = useQuery({
    queryKey: ['api.optionContracts', 'listing', d.underlying],
    queryFn: () => listedContracts(d.underlying),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const spotQuery = useQuery(
    apiQuery('api.snapshot', { symbols: [d.underlying], category }, { enabled, staleTime: 30_000 }),
  );
  // The spot is the streamed quote, as in every other panel; the snapshot only until it comes.
  const underlyingRef = useMemo(
    () => (enabled ? [{ symbol: d.underlying, category }] : []),
    [enabled, d.underlying, category],
  );
  useQuoteSubscription(underlyingRef);
  const spot = livePrice(useLiveQuote(enabled ? d.underlying : undefined), spotQuery.data?.[0]?.price);
  const rows = chain.data ? chainRows(chain.data) : [];
  const expirations = expiriesOf(rows);
  // The strikes listed centre on the snapshot's spot, so the list does not shift under the pointer
  // each time the streamed price crosses a strike; the spot shown is the streamed one.
  const centre = spotQuery.data?.[0]?.price ?? spot;
  const near = d.expiry ? strikesNear(rows, d.expiry, d.optionType, centre, STRIKES_AROUND_SPOT) : [];
  const symbols = near.map((r) => r.symbol);
  const quotes = useQuery({
    queryKey: ['api.optionSnapshot', 'strikes', symbols],
    queryFn: async () =>
      (
        await Promise.all(
          batches(symbols, SNAPSHOT_BATCH).map((b) => invoke('api.optionSnapshot', { symbols: b })),
        )
      ).flat(),
    enabled: symbols.length > 0,
    staleTime: 30_000,
    retry: false,
    // Choosing an expiry asks for its quotes: keep showing the strikes meanwhile.
    placeholderData: keepPreviousData,
  });
  const strikes = withQuotes(near, quotes.data ?? []);
  const ofExpiry = rows.filter((r) => r.option_expire_date === d.expiry && r.option_type === d.optionType);
  const contract = /^\d+(\.\d+)?$/.test(d.strike)
    ? ofExpiry.find((r) => new Decimal(r.strike_price).eq(d.strike))
    : undefined;
  const occ = contract?.symbol;
  const quote = useQuery(
    apiQuery(
      'api.optionSnapshot',
      { symbols: occ ? [occ] : [] },
      {
        enabled: occ !== undefined,
        refetchInterval: QUOTE_POLL_MS,
        refetchIntervalInBackground: false,
      },
    ),
  );
  return {
    chain,
    spot,
    expirations,
    strikes,
    allStrikes: ofExpiry.map((r) => r.strike_price),
    occ,
    /** The symbol the order's leg carries: the contract's OCC root. */
    legSymbol: contract?.root_symbol,
    quote: occ ? quote.data?.[0] : undefined,
    quoteQuery: quote,
  };
}
