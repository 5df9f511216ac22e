/**
 * The wire's plain constants, without a schema library: the schemas in primitives.ts are built from
 * them, and the renderer's first screen reads them without evaluating zod (docs/ui.md "Start").
 */

export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

export const SYMBOL_PATTERN = /^[A-Z][A-Z0-9.-]{0,11}$/;

/** `AAPL261218C00150000`: underlying, YYMMDD, C/P, strike × 1000 in 8 digits (OCC without padding). */
export const OPTION_SYMBOL_PATTERN = /^([A-Z][A-Z0-9.]{0,5})(\d{6})([CP])(\d{8})$/;

/** The instrument categories the API routes stocks and ETFs under; declared once, used everywhere. */
export const CATEGORIES = ['US_STOCK', 'US_ETF'] as const;
export type Category = (typeof CATEGORIES)[number];

export const TIMESPANS = [
  'S5',
  'S15',
  'M1',
  'M5',
  'M15',
  'M30',
  'M60',
  'M120',
  'M240',
  'D',
  'W',
  'M',
  'Y',
] as const;
export type Timespan = (typeof TIMESPANS)[number];
