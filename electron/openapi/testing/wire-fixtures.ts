import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OperationId } from '../../../shared/openapi/operations';

/**
 * The contract fixtures (test/fixtures/wire/): each file is one reply of one operation, the
 * documented form (`documented/`, as the interface text describes it) or a form the real service was
 * observed to send (`observed/`, each naming its source).
 */
export interface WireFixture {
  file: string;
  operation: OperationId;
  source: string;
  status: number;
  note?: string;
  /** The request the reply answers, where reading it needs the request (a bare list of bars). */
  request?: { query?: Array<[string, string]>; body?: { new_orders?: Array<{ client_order_id: string }> } };
  body: unknown;
}

/** What readReply needs of a fixture's request: its `symbol` parameter, a placement's order ids. */
export function requestOf(f: WireFixture): { symbol?: string; clientOrderIds?: string[] } | undefined {
  const symbol = f.request?.query?.find(([name]) => name === 'symbol')?.[1];
  const clientOrderIds = f.request?.body?.new_orders?.map((o) => o.client_order_id);
  return symbol === undefined && clientOrderIds === undefined ? undefined : { symbol, clientOrderIds };
}

const root = fileURLToPath(new URL('../../../test/fixtures/wire/', import.meta.url));

export function wireFixtures(kind: 'documented' | 'observed'): WireFixture[] {
  const dir = `${root}${kind}/`;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({
      file,
      ...(JSON.parse(readFileSync(dir + file, 'utf8')) as Omit<WireFixture, 'file'>),
    }));
}
