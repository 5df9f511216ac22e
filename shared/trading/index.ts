/** The trading domain, declared once (docs/trading-domain.md). */
export * from './vocabulary';
export * from './order-types';
export * from './lifecycle';
export * from './groups';
export * from './client-order-id';
export * from './entrust-types';
