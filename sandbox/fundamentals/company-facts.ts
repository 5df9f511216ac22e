import { readDataFile } from '../data/data-file';
import { companyFactsFile } from '../data/schemas';
import companyFactsJson from '../data/company-facts.json';

/**
 * Public facts about the most watched companies of the universe, from their annual reports of
 * fiscal 2024 (fiscal 2025 where that year ended by mid-2025): revenue (USD), GAAP operating margin,
 * employees, chief executive (as of 2025-06-30), website, headquarters and year founded. The
 * synthetic books of these companies are scaled to this revenue and margin, so a profile reads as
 * the company does; every other company's books follow its industry (company-model.ts), and its
 * CEO, website and headquarters are left out rather than invented. The table:
 * sandbox/data/company-facts.json.
 */
export interface CompanyFacts {
  revenue: number;
  operatingMargin: number;
  employees: number;
  ceo: string;
  website: string;
  headquarters: string;
  founded: string;
}

/** One facts object a company, under each of its tickers (share classes share it). */
export const COMPANY_FACTS: Readonly<Record<string, CompanyFacts>> = Object.fromEntries(
  readDataFile('sandbox/data/company-facts.json', companyFactsJson, companyFactsFile).rows.flatMap(
    ({ symbols, revenueBn, ...facts }) => {
      const shared: CompanyFacts = { revenue: revenueBn * 1e9, ...facts };
      return symbols.map((symbol) => [symbol, shared] as const);
    },
  ),
);
