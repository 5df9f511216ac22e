/**
 * The `v3` path set: the trading and token operations under the names of Webull's current
 * reference pages (`/trading/...`, `/auth/tokens/...`). The catalogue keeps the `/openapi/...`
 * names of the interface text; both are live aliases on the real service today (docs/openapi-client.md,
 * "Path schemes"). An environment picks one set as a whole (`pathScheme`); the sandbox serves both.
 * Operations without an entry keep their catalogue path in either scheme.
 */
export const V3_PATHS = {
  tokenCreate: '/auth/tokens/create',
  tokenCheck: '/auth/tokens/check',
  accountList: '/trading/accounts/list',
  balance: '/trading/assets/balances/get',
  positions: '/trading/assets/positions/list',
  orderPreview: '/trading/orders/preview',
  orderPlace: '/trading/orders/place',
  orderReplace: '/trading/orders/replace',
  orderCancel: '/trading/orders/cancel',
  orderDetail: '/trading/orders/get',
  ordersOpen: '/trading/orders/open-orders/list',
  ordersHistory: '/trading/orders/historical-orders/list',
  instruments: '/trading/instruments/stocks/profiles/list',
} as const;

export type PathScheme = 'openapi' | 'v3';
