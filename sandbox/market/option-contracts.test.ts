import { describe, expect, it } from 'vitest';
import { operations } from '../../shared/openapi/operations';
import { SandboxError } from '../http/route-types';
import { CONTRACT_PAGE_SIZE, listOptionContracts } from './option-contracts';
import { createMarketSimulator } from './simulator';

const NOW = Date.UTC(2026, 10, 20, 17, 0, 0); // Friday 2026-11-20, 12:00 New York
const sim = createMarketSimulator({ seed: 42, clock: () => NOW });
const list = (raw: Record<string, unknown>) =>
  operations.optionContracts.response.parse(
    listOptionContracts(sim, operations.optionContracts.params.parse(raw), NOW),
  );

describe('list-option-contracts in the sandbox', () => {
  it('pages through the whole listing of an underlying, every row a tradable contract the chain quotes', () => {
    const rows = [];
    let key: string | undefined;
    let pages = 0;
    do {
      const page = list({ underlying_symbols: 'AAPL', ...(key ? { pagination_key: key } : {}) });
      expect(page.data.length).toBeLessThanOrEqual(CONTRACT_PAGE_SIZE);
      rows.push(...page.data);
      key = page.pagination_key;
      pages++;
    } while (key && pages < 50);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r.symbol)).size).toBe(rows.length);
    const chain = sim.options.chain('AAPL', undefined, NOW);
    expect(new Set(rows.map((r) => r.expiration_date))).toEqual(new Set(chain?.expirations));
    for (const r of rows.slice(0, 40)) {
      expect(r.root_symbol).toBe('AAPL');
      expect(sim.options.quote(r.symbol, NOW)).toBeDefined();
    }
  });

  it('filters by exact expiry, type and strike range', () => {
    const expiry = sim.options.chain('AAPL', undefined, NOW)?.expirations[1] ?? '';
    const page = list({
      underlying_symbols: 'AAPL',
      start_date: expiry,
      option_type: 'PUT',
      strike_price_gte: '200',
      strike_price_lte: '260',
    });
    expect(page.data.length).toBeGreaterThan(0);
    for (const r of page.data) {
      expect(r.expiration_date).toBe(expiry);
      expect(r.option_type).toBe('PUT');
      expect(Number(r.strike_price)).toBeGreaterThanOrEqual(200);
      expect(Number(r.strike_price)).toBeLessThanOrEqual(260);
    }
  });

  it('refuses a request naming no underlying and an unknown pagination key, naming the parameter', () => {
    const refusal = (raw: Record<string, unknown>) => {
      try {
        list(raw);
      } catch (error) {
        if (error instanceof SandboxError) return error.message;
        throw error;
      }
      throw new Error('accepted');
    };
    expect(refusal({})).toMatch(/underlying_symbols/);
    expect(refusal({ underlying_symbols: 'AAPL', pagination_key: 'nope' })).toMatch(/pagination_key/);
    expect(refusal({ underlying_symbols: 'ZZZZZ' })).toMatch(/underlying_symbols/);
  });
});
