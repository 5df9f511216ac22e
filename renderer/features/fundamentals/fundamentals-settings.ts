/** Persisted per fundamentals panel: the tab last read and the statements' period. */
export interface FundamentalsSettings {
  tab: string;
  period: 'QUARTERLY' | 'ANNUAL';
}
