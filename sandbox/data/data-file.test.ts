import { describe, expect, it } from 'vitest';
import { readIndex } from '../market/universe-data';
import { DataFileError, readDataFile } from './data-file';
import { etfsFile, indexFile } from './schemas';
import etfsJson from './etfs.json';
import sp500Json from './index-sp500.json';

/** A copy of a data file with its rows changed by `edit`. */
function withRows<T extends { rows: unknown[] }>(
  json: T,
  edit: (rows: Record<string, unknown>[]) => void,
): T {
  const copy = structuredClone(json);
  edit(copy.rows as Record<string, unknown>[]);
  return copy;
}

const errorOf = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(DataFileError);
    return (error as Error).message;
  }
  throw new Error('no error');
};

describe('reference data files', () => {
  it('reads the shipped files', () => {
    expect(readDataFile('sandbox/data/etfs.json', etfsJson, etfsFile).rows.length).toBeGreaterThan(100);
    expect(readDataFile('sandbox/data/index-sp500.json', sp500Json, indexFile).members).toContain('AAPL');
  });

  it('names the file, the row (with its symbol) and the field of a bad row', () => {
    const bad = withRows(etfsJson, (rows) => {
      if (rows[2]) rows[2].refPrice = '12,50';
    });
    const symbol = etfsJson.rows[2]?.symbol;
    const message = errorOf(() => readDataFile('sandbox/data/etfs.json', bad, etfsFile));
    expect(message).toContain('sandbox/data/etfs.json');
    expect(message).toContain(`row 3 (${symbol}): refPrice: not a decimal text like 570.00`);
  });

  it('reports a misspelt field and a repeated symbol by row', () => {
    const bad = withRows(etfsJson, (rows) => {
      const first = rows[0];
      if (first) rows.push({ ...first });
      if (rows[1]) rows[1].dividendYield = 1;
    });
    const message = errorOf(() => readDataFile('sandbox/data/etfs.json', bad, etfsFile));
    expect(message).toMatch(
      new RegExp(`row 2 \\(${etfsJson.rows[1]?.symbol}\\): Unrecognized key: "dividendYield"`),
    );
    expect(message).toContain(`row ${bad.rows.length} (SPY): SPY repeats row 1`);
  });

  it('reports an index row whose industry code has no industry, by file and row', () => {
    const bad = withRows(sp500Json, (rows) => {
      if (rows[4]) rows[4].industry = 'NOPE';
    });
    expect(errorOf(() => readIndex('sandbox/data/index-sp500.json', bad))).toContain(
      `sandbox/data/index-sp500.json is not valid reference data:\n  row 5 (${sp500Json.rows[4]?.symbol}): industry: no industry NOPE`,
    );
  });
});
