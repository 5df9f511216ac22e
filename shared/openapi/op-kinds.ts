import type { OperationId } from './operations';

/**
 * Method and kind of every Open API operation, without the catalogue's schemas: the renderer's
 * first screen needs to know which calls main already retries (renderer/lib/queries.ts) and must
 * not evaluate zod to learn it (docs/ui.md "Start"). The catalogue (shared/openapi/catalogue/)
 * stays the definition; `satisfies Record<OperationId, …>` makes a new operation without a row a
 * type error, and shared/openapi/op-kinds.test.ts fails when a row differs from its operation.
 */
export interface OpKind {
  method: 'GET' | 'POST';
  kind?: 'order';
}

export const OP_KINDS = {
  openApiConfig: { method: 'GET' },
  tokenCreate: { method: 'POST' },
  tokenCheck: { method: 'POST' },
  tokenRefresh: { method: 'POST' },
  accountList: { method: 'GET' },
  accountListV3: { method: 'GET' },
  balance: { method: 'GET' },
  positions: { method: 'GET' },
  positionDetails: { method: 'GET' },
  orderPreview: { method: 'POST' },
  orderPlace: { method: 'POST', kind: 'order' },
  orderReplace: { method: 'POST', kind: 'order' },
  orderCancel: { method: 'POST', kind: 'order' },
  orderDetail: { method: 'GET' },
  ordersOpen: { method: 'GET' },
  ordersHistory: { method: 'GET' },
  optionOrderPreview: { method: 'POST' },
  optionOrderPlace: { method: 'POST', kind: 'order' },
  optionOrderReplace: { method: 'POST', kind: 'order' },
  optionOrderCancel: { method: 'POST', kind: 'order' },
  snapshot: { method: 'GET' },
  quotes: { method: 'GET' },
  ticks: { method: 'GET' },
  bars: { method: 'GET' },
  batchBars: { method: 'POST' },
  optionSnapshot: { method: 'GET' },
  optionBars: { method: 'GET' },
  optionTick: { method: 'GET' },
  optionChain: { method: 'GET' },
  optionContracts: { method: 'GET' },
  instruments: { method: 'GET' },
  streamingSubscribe: { method: 'POST' },
  streamingUnsubscribe: { method: 'POST' },
  gainersLosers: { method: 'GET' },
  topActive: { method: 'GET' },
  marketSectors: { method: 'GET' },
  marketSectorsDetail: { method: 'GET' },
  highDividend: { method: 'GET' },
  week52HighLow: { method: 'GET' },
  companyProfile: { method: 'GET' },
  analystTargetPrice: { method: 'GET' },
  analystRating: { method: 'GET' },
  forecastEps: { method: 'GET' },
  filings: { method: 'GET' },
  earningsCalendar: { method: 'GET' },
  dividendCalendar: { method: 'GET' },
  capitalFlow: { method: 'GET' },
  industryComparison: { method: 'GET' },
  financialIndicators: { method: 'GET' },
  incomeStatement: { method: 'GET' },
  cashFlowStatement: { method: 'GET' },
  balanceSheet: { method: 'GET' },
  financialAlert: { method: 'GET' },
  fundBrief: { method: 'GET' },
  fundPerformance: { method: 'GET' },
  fundNetValue: { method: 'GET' },
  fundHoldings: { method: 'GET' },
  fundDividends: { method: 'GET' },
  fundRating: { method: 'GET' },
  fundSplits: { method: 'GET' },
  fundFiles: { method: 'GET' },
  fundAllocation: { method: 'GET' },
  watchlistList: { method: 'GET' },
  watchlistCreate: { method: 'POST' },
  watchlistUpdate: { method: 'POST' },
  watchlistDelete: { method: 'POST' },
  watchlistInstruments: { method: 'GET' },
  watchlistAdd: { method: 'POST' },
  watchlistRemove: { method: 'POST' },
  watchlistReorder: { method: 'POST' },
} as const satisfies Record<OperationId, OpKind>;

/**
 * Ops main sends again without asking (electron/openapi/retry.ts): reads. The official clients
 * retry GET only and never blindly retry an order POST; token check is a POST that only reads
 * state, so it is retried too.
 */
export function isRetryableOperation(op: OperationId): boolean {
  const def: OpKind = OP_KINDS[op];
  if (def.kind === 'order') return false;
  return def.method === 'GET' || op === 'tokenCheck';
}
