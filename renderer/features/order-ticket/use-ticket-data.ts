import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Decimal } from '../../../shared/decimal';
import { formatOptionSymbol } from '../../../shared/market/occ';
import { apiQuery } from '../../lib/queries';
import type { TicketDraft } from './ticket-model';

/** Strikes shown around the spot: enough for a choice, few enough for a select. */
const STRIKES_AROUND_SPOT = 15;
/** The open ticket polls its contract's snapshot (main runs it at background priority). */
export const QUOTE_POLL_MS = 3000;

export function useTicketData(d: TicketDraft) {
  const chain = useQuery(
    apiQuery(
      'api.optionChain',
      { symbol: d.underlying, ...(d.expiry ? { expire_date: d.expiry } : {}) },
      {
        enabled: d.underlying !== '',
        staleTime: 30_000,
        // Choosing an expiry re-asks the chain for it: keep showing the form meanwhile.
        placeholderData: keepPreviousData,
      },
    ),
  );
  const spot = chain.data?.underlying_price;
  const contracts = (chain.data?.contracts ?? []).filter(
    (c) => c.option_type.toUpperCase() === d.optionType && (!d.expiry || c.option_expire_date === d.expiry),
  );
  const near = spot
    ? [...contracts]
        .sort((a, b) =>
          new Decimal(a.strike_price)
            .minus(spot)
            .abs()
            .comparedTo(new Decimal(b.strike_price).minus(spot).abs()),
        )
        .slice(0, STRIKES_AROUND_SPOT)
    : contracts;
  near.sort((a, b) => new Decimal(a.strike_price).comparedTo(b.strike_price));
  const listed =
    /^\d+(\.\d+)?$/.test(d.strike) && contracts.some((c) => new Decimal(c.strike_price).eq(d.strike));
  const occ =
    listed && d.expiry
      ? formatOptionSymbol({
          underlying: d.underlying,
          expireDate: d.expiry,
          optionType: d.optionType,
          strike: new Decimal(d.strike).toFixed(),
        })
      : undefined;
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
    expirations: chain.data?.expirations ?? [],
    strikes: near,
    allStrikes: contracts.map((c) => c.strike_price),
    occ,
    quote: occ ? quote.data?.[0] : undefined,
    quoteQuery: quote,
  };
}
