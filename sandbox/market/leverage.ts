/**
 * Leveraged and inverse funds of the universe whose underlying the sandbox also quotes, with the
 * daily multiple their prospectus states (the funds' `benchmark` names it: "Nasdaq-100 (3x daily)").
 * Such a fund's price is a function of its underlying's (daily-model.ts): its daily return is the
 * multiple of the underlying's. SOXL/SOXS follow the NYSE Semiconductor index, which SOXX tracks;
 * TNA/TZA the Russell 2000 (IWM). The VIX futures funds (UVXY, VXX) have no underlying here and
 * move on their own.
 */
export const LEVERAGED: Readonly<Record<string, { underlying: string; leverage: number }>> = {
  TQQQ: { underlying: 'QQQ', leverage: 3 },
  SQQQ: { underlying: 'QQQ', leverage: -3 },
  PSQ: { underlying: 'QQQ', leverage: -1 },
  SPXL: { underlying: 'SPY', leverage: 3 },
  UPRO: { underlying: 'SPY', leverage: 3 },
  SPXS: { underlying: 'SPY', leverage: -3 },
  SH: { underlying: 'SPY', leverage: -1 },
  SOXL: { underlying: 'SOXX', leverage: 3 },
  SOXS: { underlying: 'SOXX', leverage: -3 },
  TNA: { underlying: 'IWM', leverage: 3 },
  TZA: { underlying: 'IWM', leverage: -3 },
  TSLL: { underlying: 'TSLA', leverage: 2 },
  NVDL: { underlying: 'NVDA', leverage: 2 },
};
