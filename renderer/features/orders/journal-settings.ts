/** The periods the journal reads, in market (New York) days back from today. */
export const JOURNAL_PERIODS = [
  { id: 'today', label: 'Today', days: 0 },
  { id: '7d', label: 'Last 7 days', days: 7 },
  { id: '30d', label: 'Last 30 days', days: 30 },
  { id: '90d', label: 'Last 90 days', days: 90 },
] as const;
export type JournalPeriod = (typeof JOURNAL_PERIODS)[number]['id'];
export const DEFAULT_JOURNAL_PERIOD: JournalPeriod = '30d';

/** What the trade journal keeps in the workspace file (the registry declares it without loading the panel). */
export type JournalSettings = { period?: JournalPeriod };
