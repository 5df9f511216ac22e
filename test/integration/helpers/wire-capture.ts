import type { OperationId } from '../../../shared/openapi/operations';
import { operations } from '../../../shared/openapi/operations';
import type { SandboxCaller, SignedResponse } from './signed-fetch';

/**
 * One call per operation whose reply the contract fixtures hold (test/fixtures/wire/documented/):
 * parameters that need nothing made earlier in a run. The documented fixtures are these calls'
 * replies from `wire: 'documented'` (captured by `npx tsx test/integration/helpers/capture-wire-fixtures.ts`),
 * the documented example replies the interface text describes; wire-contract.test.ts repeats them
 * against both wires.
 */
export interface ContractCall {
  operation: OperationId;
  query?: Array<[string, string]>;
  body?: Record<string, unknown>;
}

const sym = (symbol = 'AAPL'): Array<[string, string]> => [
  ['symbol', symbol],
  ['category', 'US_STOCK'],
];
const MARGIN = 'SBXM00000001';

export const CONTRACT_CALLS: ContractCall[] = [
  { operation: 'accountList' },
  { operation: 'balance', query: [['account_id', MARGIN]] },
  { operation: 'positions', query: [['account_id', MARGIN]] },
  { operation: 'ordersOpen', query: [['account_id', MARGIN]] },
  { operation: 'snapshot', query: [['symbols', 'AAPL,MSFT']] },
  { operation: 'quotes', query: sym() },
  { operation: 'ticks', query: [...sym(), ['count', '3']] },
  { operation: 'bars', query: [...sym(), ['timespan', 'D'], ['count', '3']] },
  {
    operation: 'batchBars',
    body: { symbols: ['AAPL', 'MSFT'], category: 'US_STOCK', timespan: 'D', count: 2 },
  },
  { operation: 'instruments', query: [['symbols', 'AAPL,MSFT']] },
  { operation: 'gainersLosers', query: [['page_size', '3']] },
  { operation: 'topActive', query: [['page_size', '3']] },
  {
    operation: 'marketSectors',
    query: [
      ['period', 'MO1'],
      ['page_size', '3'],
    ],
  },
  { operation: 'highDividend', query: [['page_size', '3']] },
  { operation: 'week52HighLow', query: [['page_size', '3']] },
  { operation: 'companyProfile', query: sym() },
  { operation: 'analystTargetPrice', query: sym() },
  { operation: 'analystRating', query: sym() },
  { operation: 'forecastEps', query: sym() },
  { operation: 'earningsCalendar', query: sym() },
  { operation: 'dividendCalendar', query: sym() },
  { operation: 'capitalFlow', query: [...sym(), ['count', '3']] },
  { operation: 'industryComparison', query: sym() },
  { operation: 'financialIndicators', query: [...sym(), ['count', '2']] },
  { operation: 'incomeStatement', query: [...sym(), ['count', '2']] },
  {
    operation: 'fundBrief',
    query: [
      ['symbol', 'SPY'],
      ['category', 'US_ETF'],
    ],
  },
  { operation: 'watchlistList' },
  { operation: 'watchlistCreate', body: { name: 'Contract' } },
];

export function callContract(call: SandboxCaller, c: ContractCall): Promise<SignedResponse> {
  const def = operations[c.operation];
  return def.method === 'GET'
    ? call({ path: def.path, query: c.query ?? [] })
    : call({ path: def.path, body: c.body ?? {} });
}

/** What kind of value sits at each field path (array positions as `[]`): the shape two replies share. */
export function shapeOf(value: unknown): Map<string, string> {
  const shape = new Map<string, string>();
  const walk = (v: unknown, path: string) => {
    const at = path === '' ? '(reply)' : path;
    if (Array.isArray(v)) {
      shape.set(at, 'array');
      for (const item of v) walk(item, `${path}[]`);
    } else if (typeof v === 'object' && v !== null) {
      shape.set(at, 'object');
      for (const [k, item] of Object.entries(v)) walk(item, path === '' ? k : `${path}.${k}`);
    } else shape.set(at, formOf(v));
  };
  walk(value, '');
  return shape;
}

/** The wire form of one value: which reader it needs. */
function formOf(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v !== 'string') return v === null ? 'null' : typeof v;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/.test(v)) return 'iso-time';
  if (/^-?\d+(\.\d+)?[eE][+-]?\d+$/.test(v)) return 'scientific';
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'date';
  return 'string';
}
