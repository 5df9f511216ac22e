/**
 * Reference data of the simulated ETFs: real tickers, names, issuers, inception dates and expense
 * ratios (%), approximate prices, shares outstanding (billions) and distribution yields (%).
 * `basis` says what the sandbox's synthetic holdings are drawn from (see fundamentals/fund-holdings.ts):
 * ALL, NASDAQ, DOW, SECTOR:<name>, INDUSTRY:<name>, or a non-equity basket (TREASURY, CORPORATE,
 * HIGH_YIELD, AGGREGATE, GOLD, SILVER, OIL, DEVELOPED, EMERGING, SMALL_CAP, THEMATIC).
 */
export interface EtfRow {
  symbol: string;
  name: string;
  exchange: string;
  sector: string;
  industry: string;
  refPrice: string;
  volatility: number;
  sharesBn: number;
  dividendYieldPct: number;
  issuer: string;
  inception: string;
  expenseRatioPct: string;
  benchmark: string;
  basis: string;
}

const row = (
  symbol: string,
  name: string,
  exchange: string,
  sector: string,
  industry: string,
  refPrice: string,
  volatility: number,
  sharesBn: number,
  dividendYieldPct: number,
  issuer: string,
  inception: string,
  expenseRatioPct: string,
  benchmark: string,
  basis: string,
): EtfRow => ({ symbol, name, exchange, sector, industry, refPrice, volatility, sharesBn, dividendYieldPct, issuer, inception, expenseRatioPct, benchmark, basis });

const SSGA = 'State Street Global Advisors';
const BLK = 'BlackRock (iShares)';
const VG = 'Vanguard';
const SPDR_SECTOR = (s: string) => `SECTOR:${s}`;

export const ETF_ROWS: EtfRow[] = [
  row('SPY', 'SPDR S&P 500 ETF Trust', 'ARCA', 'Broad Market Equity', 'Large Blend', '570.00', 0.16, 0.92, 1.2, SSGA, '1993-01-22', '0.0945', 'S&P 500', 'ALL'),
  row('IVV', 'iShares Core S&P 500 ETF', 'ARCA', 'Broad Market Equity', 'Large Blend', '575.00', 0.16, 0.93, 1.3, BLK, '2000-05-15', '0.03', 'S&P 500', 'ALL'),
  row('VOO', 'Vanguard S&P 500 ETF', 'ARCA', 'Broad Market Equity', 'Large Blend', '525.00', 0.16, 1.1, 1.3, VG, '2010-09-07', '0.03', 'S&P 500', 'ALL'),
  row('VTI', 'Vanguard Total Stock Market ETF', 'ARCA', 'Broad Market Equity', 'Large Blend', '290.00', 0.17, 1.6, 1.3, VG, '2001-05-24', '0.03', 'CRSP US Total Market', 'ALL'),
  row('QQQ', 'Invesco QQQ Trust', 'NASDAQ', 'Broad Market Equity', 'Large Growth', '490.00', 0.21, 0.6, 0.6, 'Invesco', '1999-03-10', '0.20', 'Nasdaq-100', 'NASDAQ'),
  row('IWM', 'iShares Russell 2000 ETF', 'ARCA', 'Broad Market Equity', 'Small Blend', '220.00', 0.22, 0.32, 1.1, BLK, '2000-05-22', '0.19', 'Russell 2000', 'SMALL_CAP'),
  row('DIA', 'SPDR Dow Jones Industrial Average ETF Trust', 'ARCA', 'Broad Market Equity', 'Large Value', '420.00', 0.15, 0.13, 1.6, SSGA, '1998-01-14', '0.16', 'Dow Jones Industrial Average', 'DOW'),
  row('XLK', 'Technology Select Sector SPDR Fund', 'ARCA', 'Sector Equity', 'Technology', '230.00', 0.23, 0.3, 0.7, SSGA, '1998-12-16', '0.08', 'Technology Select Sector Index', SPDR_SECTOR('Information Technology')),
  row('XLF', 'Financial Select Sector SPDR Fund', 'ARCA', 'Sector Equity', 'Financials', '48.00', 0.18, 1.0, 1.4, SSGA, '1998-12-16', '0.08', 'Financial Select Sector Index', SPDR_SECTOR('Financials')),
  row('XLE', 'Energy Select Sector SPDR Fund', 'ARCA', 'Sector Equity', 'Energy', '90.00', 0.24, 0.4, 3.2, SSGA, '1998-12-16', '0.08', 'Energy Select Sector Index', SPDR_SECTOR('Energy')),
  row('XLV', 'Health Care Select Sector SPDR Fund', 'ARCA', 'Sector Equity', 'Health Care', '145.00', 0.15, 0.27, 1.5, SSGA, '1998-12-16', '0.08', 'Health Care Select Sector Index', SPDR_SECTOR('Health Care')),
  row('XLY', 'Consumer Discretionary Select Sector SPDR Fund', 'ARCA', 'Sector Equity', 'Consumer Cyclical', '200.00', 0.21, 0.11, 0.8, SSGA, '1998-12-16', '0.08', 'Consumer Discretionary Select Sector Index', SPDR_SECTOR('Consumer Discretionary')),
  row('XLP', 'Consumer Staples Select Sector SPDR Fund', 'ARCA', 'Sector Equity', 'Consumer Defensive', '80.00', 0.13, 0.2, 2.5, SSGA, '1998-12-16', '0.08', 'Consumer Staples Select Sector Index', SPDR_SECTOR('Consumer Staples')),
  row('XLI', 'Industrial Select Sector SPDR Fund', 'ARCA', 'Sector Equity', 'Industrials', '135.00', 0.17, 0.16, 1.3, SSGA, '1998-12-16', '0.08', 'Industrial Select Sector Index', SPDR_SECTOR('Industrials')),
  row('XLU', 'Utilities Select Sector SPDR Fund', 'ARCA', 'Sector Equity', 'Utilities', '78.00', 0.17, 0.22, 2.9, SSGA, '1998-12-16', '0.08', 'Utilities Select Sector Index', SPDR_SECTOR('Utilities')),
  row('XLB', 'Materials Select Sector SPDR Fund', 'ARCA', 'Sector Equity', 'Basic Materials', '90.00', 0.19, 0.06, 1.9, SSGA, '1998-12-16', '0.08', 'Materials Select Sector Index', SPDR_SECTOR('Materials')),
  row('XLRE', 'Real Estate Select Sector SPDR Fund', 'ARCA', 'Sector Equity', 'Real Estate', '42.00', 0.2, 0.17, 3.2, SSGA, '2015-10-07', '0.08', 'Real Estate Select Sector Index', SPDR_SECTOR('Real Estate')),
  row('XLC', 'Communication Services Select Sector SPDR Fund', 'ARCA', 'Sector Equity', 'Communication Services', '95.00', 0.2, 0.2, 0.9, SSGA, '2018-06-18', '0.08', 'Communication Services Select Sector Index', SPDR_SECTOR('Communication Services')),
  row('SMH', 'VanEck Semiconductor ETF', 'NASDAQ', 'Sector Equity', 'Technology', '250.00', 0.35, 0.1, 0.4, 'VanEck', '2011-12-20', '0.35', 'MVIS US Listed Semiconductor 25', 'INDUSTRY:Semiconductors'),
  row('SOXX', 'iShares Semiconductor ETF', 'NASDAQ', 'Sector Equity', 'Technology', '220.00', 0.35, 0.08, 0.6, BLK, '2001-07-10', '0.35', 'NYSE Semiconductor Index', 'INDUSTRY:Semiconductors'),
  row('VNQ', 'Vanguard Real Estate ETF', 'ARCA', 'Sector Equity', 'Real Estate', '90.00', 0.2, 0.4, 3.9, VG, '2004-09-23', '0.13', 'MSCI US IMI Real Estate 25/50', SPDR_SECTOR('Real Estate')),
  row('ARKK', 'ARK Innovation ETF', 'ARCA', 'Thematic Equity', 'Mid-Cap Growth', '55.00', 0.5, 0.2, 0, 'ARK Invest', '2014-10-31', '0.75', 'Actively managed', 'THEMATIC'),
  row('TQQQ', 'ProShares UltraPro QQQ', 'NASDAQ', 'Trading — Leveraged', 'Leveraged Equity', '75.00', 0.62, 0.35, 1.0, 'ProShares', '2010-02-09', '0.84', 'Nasdaq-100 (3x daily)', 'NASDAQ'),
  row('TLT', 'iShares 20+ Year Treasury Bond ETF', 'NASDAQ', 'Fixed Income', 'Long Government', '92.00', 0.15, 0.6, 4.2, BLK, '2002-07-22', '0.15', 'ICE US Treasury 20+ Year', 'TREASURY'),
  row('IEF', 'iShares 7-10 Year Treasury Bond ETF', 'NASDAQ', 'Fixed Income', 'Intermediate Government', '95.00', 0.07, 0.3, 3.6, BLK, '2002-07-22', '0.15', 'ICE US Treasury 7-10 Year', 'TREASURY'),
  row('LQD', 'iShares iBoxx $ Investment Grade Corporate Bond ETF', 'ARCA', 'Fixed Income', 'Corporate Bond', '110.00', 0.08, 0.3, 4.4, BLK, '2002-07-22', '0.14', 'Markit iBoxx USD Liquid Investment Grade', 'CORPORATE'),
  row('HYG', 'iShares iBoxx $ High Yield Corporate Bond ETF', 'ARCA', 'Fixed Income', 'High Yield Bond', '80.00', 0.06, 0.22, 5.8, BLK, '2007-04-04', '0.49', 'Markit iBoxx USD Liquid High Yield', 'HIGH_YIELD'),
  row('AGG', 'iShares Core U.S. Aggregate Bond ETF', 'ARCA', 'Fixed Income', 'Intermediate Core Bond', '100.00', 0.05, 1.2, 3.8, BLK, '2003-09-22', '0.03', 'Bloomberg US Aggregate', 'AGGREGATE'),
  row('BND', 'Vanguard Total Bond Market ETF', 'NASDAQ', 'Fixed Income', 'Intermediate Core Bond', '73.00', 0.05, 1.6, 3.7, VG, '2007-04-03', '0.03', 'Bloomberg US Aggregate Float Adjusted', 'AGGREGATE'),
  row('GLD', 'SPDR Gold Shares', 'ARCA', 'Commodities', 'Precious Metals', '250.00', 0.15, 0.3, 0, 'World Gold Trust Services', '2004-11-18', '0.40', 'LBMA Gold Price PM', 'GOLD'),
  row('SLV', 'iShares Silver Trust', 'ARCA', 'Commodities', 'Precious Metals', '28.00', 0.28, 0.5, 0, BLK, '2006-04-21', '0.50', 'LBMA Silver Price', 'SILVER'),
  row('USO', 'United States Oil Fund, LP', 'ARCA', 'Commodities', 'Energy Commodities', '75.00', 0.35, 0.015, 0, 'USCF Investments', '2006-04-10', '0.70', 'WTI front-month futures', 'OIL'),
  row('EFA', 'iShares MSCI EAFE ETF', 'ARCA', 'International Equity', 'Foreign Large Blend', '80.00', 0.14, 0.9, 2.7, BLK, '2001-08-14', '0.33', 'MSCI EAFE', 'DEVELOPED'),
  row('EEM', 'iShares MSCI Emerging Markets ETF', 'ARCA', 'International Equity', 'Diversified Emerging Markets', '44.00', 0.18, 0.8, 2.2, BLK, '2003-04-07', '0.70', 'MSCI Emerging Markets', 'EMERGING'),
  row('VWO', 'Vanguard FTSE Emerging Markets ETF', 'ARCA', 'International Equity', 'Diversified Emerging Markets', '45.00', 0.17, 1.9, 3.0, VG, '2005-03-04', '0.08', 'FTSE Emerging Markets All Cap China A Inclusion', 'EMERGING'),
];
