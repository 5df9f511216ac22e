import { describe, expect, it } from 'vitest';
import { paletteFilter } from './match';

describe('palette matching', () => {
  it('"cancel" does not find the chart\'s log scale; it finds what is about cancelling', () => {
    expect(paletteFilter('Chart: Log scale', 'cancel')).toBe(0);
    expect(paletteFilter('Cancel or replace an open order', 'cancel')).toBe(1);
    expect(paletteFilter('Orders: Open', 'cancel', ['cancel', 'replace'])).toBeGreaterThan(0);
    expect(paletteFilter('Orders: Open', 'canc', ['cancel', 'replace'])).toBe(0.5);
  });

  it('every typed word must begin a word of the label or keywords', () => {
    expect(paletteFilter('Chart timespan: 5 minutes', 'span 5')).toBe(0);
    expect(paletteFilter('Chart timespan: 5 minutes', 'timespan 5')).toBe(0.8);
    expect(paletteFilter('Open Options ticket', 'opt tick')).toBe(0.8);
    expect(paletteFilter('Open Options ticket', 'otk')).toBe(0);
    expect(paletteFilter('Chart timespan: Daily', 'interval', ['1D', 'interval'])).toBe(1);
  });

  it('ranks a label that begins with the text above one that merely contains its words', () => {
    expect(paletteFilter('Log scale', 'log')).toBeGreaterThan(paletteFilter('Chart: Log scale', 'log'));
  });

  it('keeps a symbol hit found by the same query, and everything for an empty query', () => {
    expect(paletteFilter('AMD Advanced Micro Devices US_STOCK', 'amd', ['amd'])).toBe(1);
    expect(paletteFilter('anything', '  ')).toBe(1);
  });
});
