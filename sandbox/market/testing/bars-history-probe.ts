// Run by bars-history.test.ts in a child process: queries that walk back to the first day of
// history, printing how many bars each returned.
import { computeBars } from '../bars';
import { PricePaths } from '../price-path';
import { lookupSeed, type UniverseSeed } from '../universe';

const NOW = Date.UTC(2026, 10, 20, 17, 0, 0);
const paths = new PricePaths(42);
const AAPL = lookupSeed('AAPL') as UniverseSeed;
const Y = computeBars(paths, AAPL, { timespan: 'Y', count: 50 }, NOW).length;
const M = computeBars(paths, AAPL, { timespan: 'M', count: 400 }, NOW).length;
process.stdout.write(JSON.stringify({ Y, M }));
