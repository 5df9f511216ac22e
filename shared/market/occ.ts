import { OPTION_SYMBOL_PATTERN } from '../openapi/wire-constants';

/**
 * OCC-style option symbols as the API writes them: underlying, YYMMDD, C/P, strike × 1000 in
 * 8 digits, without the OCC padding of the root (`AAPL261218C00150000`). The OCC form with its root
 * padded to six characters (`AAPL  261218C00150000`) is read as well.
 */
export interface OptionContractId {
  underlying: string;
  /** YYYY-MM-DD */
  expireDate: string;
  optionType: 'CALL' | 'PUT';
  /** Decimal text without trailing zeros ("150", "2.5"). */
  strike: string;
}

export function parseOptionSymbol(symbol: string): OptionContractId | undefined {
  const m = OPTION_SYMBOL_PATTERN.exec(symbol.replace(/^([A-Z][A-Z0-9.]{0,5}) +(?=\d{6}[CP]\d{8}$)/, '$1'));
  if (!m) return undefined;
  const [, underlying = '', yymmdd = '', cp = 'C', strikeDigits = '0'] = m;
  const y = 2000 + Number(yymmdd.slice(0, 2));
  const mo = Number(yymmdd.slice(2, 4));
  const d = Number(yymmdd.slice(4, 6));
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  const milli = Number(strikeDigits);
  if (milli <= 0) return undefined;
  const whole = Math.floor(milli / 1000);
  const frac = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return {
    underlying,
    expireDate: date.toISOString().slice(0, 10),
    optionType: cp === 'C' ? 'CALL' : 'PUT',
    strike: frac ? `${whole}.${frac}` : String(whole),
  };
}

export function formatOptionSymbol(c: OptionContractId): string {
  const [y = '0000', m = '00', d = '00'] = c.expireDate.split('-');
  const [whole = '0', frac = ''] = c.strike.split('.');
  const milli = Number(whole) * 1000 + Number(frac.padEnd(3, '0').slice(0, 3));
  return `${c.underlying}${y.slice(2)}${m}${d}${c.optionType === 'CALL' ? 'C' : 'P'}${String(milli).padStart(8, '0')}`;
}
