/**
 * GICS sectors and industries of the compact universe rows (`universe-sp500*.ts`,
 * `universe-midcap*.ts`, `universe-nasdaq.ts`): a row names its industry by a short code, and the
 * code gives the sector, the industry's name and a typical annualised volatility for the names in
 * it (a row may override the volatility).
 */
export interface IndustryInfo {
  sector: string;
  industry: string;
  volatility: number;
}

const IT = 'Information Technology';
const CS = 'Communication Services';
const CD = 'Consumer Discretionary';
const ST = 'Consumer Staples';
const HC = 'Health Care';
const FI = 'Financials';
const IN = 'Industrials';
const EN = 'Energy';
const UT = 'Utilities';
const RE = 'Real Estate';
const MA = 'Materials';

const TABLE: Record<string, [string, string, number]> = {
  SW: [IT, 'Software', 0.36],
  SEMI: [IT, 'Semiconductors', 0.45],
  SEQ: [IT, 'Semiconductor Equipment', 0.42],
  HW: [IT, 'Technology Hardware', 0.3],
  COMM: [IT, 'Communications Equipment', 0.32],
  ITS: [IT, 'IT Services', 0.28],
  ELEC: [IT, 'Electronic Equipment, Instruments & Components', 0.3],
  IMS: [CS, 'Interactive Media & Services', 0.38],
  ENT: [CS, 'Entertainment', 0.34],
  MED: [CS, 'Media', 0.3],
  DTS: [CS, 'Diversified Telecommunication Services', 0.22],
  WTS: [CS, 'Wireless Telecommunication Services', 0.22],
  BLR: [CD, 'Broadline Retail', 0.32],
  AUTO: [CD, 'Automobiles', 0.4],
  ACOMP: [CD, 'Automobile Components', 0.36],
  SPR: [CD, 'Specialty Retail', 0.32],
  TEX: [CD, 'Textiles, Apparel & Luxury Goods', 0.34],
  HRL: [CD, 'Hotels, Restaurants & Leisure', 0.3],
  HDUR: [CD, 'Household Durables', 0.34],
  LEIS: [CD, 'Leisure Products', 0.36],
  DIST: [CD, 'Distributors', 0.26],
  DCS: [CD, 'Diversified Consumer Services', 0.32],
  CSR: [ST, 'Consumer Staples Distribution & Retail', 0.22],
  HHP: [ST, 'Household Products', 0.18],
  BEV: [ST, 'Beverages', 0.2],
  TOB: [ST, 'Tobacco', 0.2],
  FOOD: [ST, 'Food Products', 0.22],
  PERS: [ST, 'Personal Care Products', 0.3],
  PHAR: [HC, 'Pharmaceuticals', 0.26],
  HCPS: [HC, 'Health Care Providers & Services', 0.3],
  BIO: [HC, 'Biotechnology', 0.38],
  LST: [HC, 'Life Sciences Tools & Services', 0.3],
  HCES: [HC, 'Health Care Equipment & Supplies', 0.28],
  HCT: [HC, 'Health Care Technology', 0.36],
  MSH: [FI, 'Multi-Sector Holdings', 0.18],
  BANK: [FI, 'Banks', 0.28],
  FS: [FI, 'Financial Services', 0.24],
  CM: [FI, 'Capital Markets', 0.28],
  CF: [FI, 'Consumer Finance', 0.34],
  INS: [FI, 'Insurance', 0.22],
  MREIT: [FI, 'Mortgage Real Estate Investment Trusts', 0.26],
  AD: [IN, 'Aerospace & Defense', 0.26],
  MACH: [IN, 'Machinery', 0.28],
  CONG: [IN, 'Industrial Conglomerates', 0.24],
  GT: [IN, 'Ground Transportation', 0.3],
  AFL: [IN, 'Air Freight & Logistics', 0.28],
  PRO: [IN, 'Professional Services', 0.26],
  EE: [IN, 'Electrical Equipment', 0.34],
  CSS: [IN, 'Commercial Services & Supplies', 0.24],
  AIR: [IN, 'Passenger Airlines', 0.4],
  BP: [IN, 'Building Products', 0.3],
  CE: [IN, 'Construction & Engineering', 0.34],
  TDC: [IN, 'Trading Companies & Distributors', 0.28],
  MAR: [IN, 'Marine Transportation', 0.32],
  OGF: [EN, 'Oil, Gas & Consumable Fuels', 0.32],
  EES: [EN, 'Energy Equipment & Services', 0.38],
  EU: [UT, 'Electric Utilities', 0.2],
  MU: [UT, 'Multi-Utilities', 0.18],
  GU: [UT, 'Gas Utilities', 0.2],
  WU: [UT, 'Water Utilities', 0.2],
  IPP: [UT, 'Independent Power and Renewable Electricity Producers', 0.42],
  IREIT: [RE, 'Industrial REITs', 0.26],
  SREIT: [RE, 'Specialized REITs', 0.24],
  RREIT: [RE, 'Retail REITs', 0.24],
  HREIT: [RE, 'Health Care REITs', 0.24],
  RESREIT: [RE, 'Residential REITs', 0.22],
  OREIT: [RE, 'Office REITs', 0.3],
  HOTREIT: [RE, 'Hotel & Resort REITs', 0.3],
  DREIT: [RE, 'Diversified REITs', 0.26],
  REMD: [RE, 'Real Estate Management & Development', 0.32],
  CHEM: [MA, 'Chemicals', 0.28],
  MM: [MA, 'Metals & Mining', 0.36],
  CONM: [MA, 'Construction Materials', 0.26],
  CP: [MA, 'Containers & Packaging', 0.24],
  PFP: [MA, 'Paper & Forest Products', 0.3],
};

export function industryOf(code: string): IndustryInfo | undefined {
  const t = TABLE[code];
  return t ? { sector: t[0], industry: t[1], volatility: t[2] } : undefined;
}
