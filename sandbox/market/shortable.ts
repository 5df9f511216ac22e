/**
 * Which instruments the sandbox lends for short sales. A broker refuses a SHORT order for a symbol
 * it cannot borrow (hard to borrow); the sandbox names a few of its most volatile, most shorted
 * stocks so a client can see that refusal. Everything else is shortable. Reported on the
 * instrument record as `shortable` (docs/sandbox.md "Orders").
 */
const NOT_SHORTABLE: ReadonlySet<string> = new Set(['GME', 'SMCI', 'RDDT']);

export const isShortable = (symbol: string): boolean => !NOT_SHORTABLE.has(symbol.toUpperCase());
