import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as accounts from '../../shared/openapi/records/accounts';
import * as fundamentals from '../../shared/openapi/records/fundamentals';
import * as market from '../../shared/openapi/records/market';
import * as orders from '../../shared/openapi/records/orders';
import * as screeners from '../../shared/openapi/records/screeners';

/**
 * A ratio is shown in the unit its record declares (shared/openapi/records/units.ts): a fraction
 * through formatRatioPercent, a percent through formatPointsPercent. Dividing a fraction by 100 again
 * showed every fund's expense ratio as 0.00 %.
 */
const MODULES = [accounts, fundamentals, market, orders, screeners];

function descriptionOf(type: z.ZodType): string | undefined {
  if (type.description) return type.description;
  if (type instanceof z.ZodOptional || type instanceof z.ZodNullable)
    return descriptionOf(type.unwrap() as z.ZodType);
  return undefined;
}

/** Field name → the units the records give it ('fraction' | 'percent' | other). */
function unitsByField(): Map<string, Set<string>> {
  const units = new Map<string, Set<string>>();
  for (const mod of MODULES)
    for (const schema of Object.values(mod as Record<string, unknown>)) {
      if (!(schema instanceof z.ZodObject)) continue;
      for (const [field, type] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
        const d = descriptionOf(type) ?? '';
        const unit = d.includes('a fraction') ? 'fraction' : d.includes('a percent') ? 'percent' : 'other';
        units.set(field, new Set([...(units.get(field) ?? []), unit]));
      }
    }
  return units;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('percent units end to end', () => {
  it('formats every record field with the helper of its declared unit', () => {
    const units = unitsByField();
    const wrong: string[] = [];
    let calls = 0;
    for (const file of sources(join(__dirname, '../../renderer'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/format(Points|Ratio)Percent\(\s*[\w?]+\??\.(\w+)/g)) {
        const expected = m[1] === 'Points' ? 'percent' : 'fraction';
        const field = m[2] ?? '';
        const declared = units.get(field);
        if (!declared) continue;
        calls++;
        if (!declared.has(expected))
          wrong.push(`${file}: ${field} is ${[...declared].join('/')}, shown as ${expected}`);
      }
    }
    expect(calls).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
