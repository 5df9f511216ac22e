import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as accounts from './accounts';
import * as fundamentals from './fundamentals';
import * as market from './market';
import * as orders from './orders';
import * as screeners from './screeners';

/**
 * Every ratio-kind field of every record says its unit once, in its schema's description (a
 * fraction, a percent or a multiple; see records/units.ts), and a field name means the same unit in
 * every record: `dividend_yield` is a fraction on a screener row as in a peer list.
 */
const MODULES = { accounts, fundamentals, market, orders, screeners };
const RATIO_KIND = /(?:^|_)(?:ratio|yield|margin|return|growth|roe|roa|weight)(?:_|$)/;
const UNIT = /a fraction|a percent|a multiple|US dollars|a number of shares/;

/** The description of a field, through `.optional()` / `.nullable()`. */
function descriptionOf(type: z.ZodType): string | undefined {
  if (type.description) return type.description;
  if (type instanceof z.ZodOptional || type instanceof z.ZodNullable)
    return descriptionOf(type.unwrap() as z.ZodType);
  return undefined;
}

function ratioFields(): Array<{ where: string; field: string; unit: string | undefined }> {
  const found: Array<{ where: string; field: string; unit: string | undefined }> = [];
  for (const [moduleName, mod] of Object.entries(MODULES))
    for (const [name, schema] of Object.entries(mod as Record<string, unknown>)) {
      if (!(schema instanceof z.ZodObject)) continue;
      for (const [field, type] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
        if (!RATIO_KIND.test(field)) continue;
        const unit = descriptionOf(type)?.match(UNIT)?.[0];
        found.push({ where: `${moduleName}.${name}.${field}`, field, unit });
      }
    }
  return found;
}

describe('units of the records', () => {
  it('gives every ratio-kind field its unit', () => {
    const fields = ratioFields();
    expect(fields.length).toBeGreaterThan(30);
    expect(fields.filter((f) => f.unit === undefined).map((f) => f.where)).toEqual([]);
  });

  it('gives a field name one unit in every record', () => {
    const units = new Map<string, Set<string>>();
    for (const f of ratioFields())
      units.set(f.field, new Set([...(units.get(f.field) ?? []), f.unit ?? 'none']));
    const mixed = [...units]
      .filter(([, u]) => u.size > 1)
      .map(([field, u]) => `${field}: ${[...u].join(', ')}`);
    expect(mixed).toEqual([]);
  });
});
