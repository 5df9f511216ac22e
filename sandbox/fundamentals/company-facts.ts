/**
 * Public facts about the most watched companies of the universe, from their annual reports of
 * fiscal 2024 (fiscal 2025 where that year ended by mid-2025): revenue (USD), GAAP operating margin,
 * employees, chief executive (as of 2025-06-30), website, headquarters and year founded. The
 * synthetic books of these companies are scaled to this revenue and margin, so a profile reads as
 * the company does; every other company's books follow its industry (company-model.ts), and its
 * CEO, website and headquarters are left out rather than invented.
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

const f = (
  revenueBn: number,
  operatingMargin: number,
  employees: number,
  ceo: string,
  website: string,
  headquarters: string,
  founded: string,
): CompanyFacts => ({
  revenue: revenueBn * 1e9,
  operatingMargin,
  employees,
  ceo,
  website,
  headquarters,
  founded,
});

const ALPHABET = f(
  350.0,
  0.32,
  183_323,
  'Sundar Pichai',
  'https://abc.xyz',
  'Mountain View, California',
  '1998',
);

export const COMPANY_FACTS: Readonly<Record<string, CompanyFacts>> = {
  AAPL: f(391.0, 0.315, 164_000, 'Tim Cook', 'https://www.apple.com', 'Cupertino, California', '1976'),
  MSFT: f(245.1, 0.446, 228_000, 'Satya Nadella', 'https://www.microsoft.com', 'Redmond, Washington', '1975'),
  NVDA: f(130.5, 0.624, 36_000, 'Jensen Huang', 'https://www.nvidia.com', 'Santa Clara, California', '1993'),
  AMZN: f(638.0, 0.108, 1_556_000, 'Andy Jassy', 'https://www.amazon.com', 'Seattle, Washington', '1994'),
  GOOGL: ALPHABET,
  GOOG: ALPHABET,
  META: f(164.5, 0.42, 74_067, 'Mark Zuckerberg', 'https://about.meta.com', 'Menlo Park, California', '2004'),
  TSLA: f(97.7, 0.072, 125_665, 'Elon Musk', 'https://www.tesla.com', 'Austin, Texas', '2003'),
  AVGO: f(51.6, 0.26, 37_000, 'Hock Tan', 'https://www.broadcom.com', 'Palo Alto, California', '1961'),
  AMD: f(25.8, 0.074, 28_000, 'Lisa Su', 'https://www.amd.com', 'Santa Clara, California', '1969'),
  INTC: f(53.1, -0.22, 108_900, 'Lip-Bu Tan', 'https://www.intel.com', 'Santa Clara, California', '1968'),
  ORCL: f(57.4, 0.3, 162_000, 'Safra Catz', 'https://www.oracle.com', 'Austin, Texas', '1977'),
  NFLX: f(
    39.0,
    0.267,
    14_000,
    'Ted Sarandos and Greg Peters',
    'https://www.netflix.com',
    'Los Gatos, California',
    '1997',
  ),
  DELL: f(95.6, 0.066, 108_000, 'Michael Dell', 'https://www.dell.com', 'Round Rock, Texas', '1984'),
  HPQ: f(53.6, 0.074, 58_000, 'Enrique Lores', 'https://www.hp.com', 'Palo Alto, California', '1939'),
  JPM: f(177.6, 0.4, 317_233, 'Jamie Dimon', 'https://www.jpmorganchase.com', 'New York, New York', '1799'),
  WMT: f(
    681.0,
    0.043,
    2_100_000,
    'Doug McMillon',
    'https://www.walmart.com',
    'Bentonville, Arkansas',
    '1962',
  ),
  COST: f(254.5, 0.034, 333_000, 'Ron Vachris', 'https://www.costco.com', 'Issaquah, Washington', '1983'),
};
