import { gaussOfHash, hash3, LruCache } from './prng';

/**
 * Per-seed and process-wide stores of the daily model (daily-model.ts), kept apart so their bounds
 * are in one place (docs/sandbox.md "Performance").
 */

export const BLOCK = 256;

/**
 * Blocks of daily figures (256 days × open, high, low, volume = 8 kB) kept over all symbols of the
 * process: 4,096 blocks = 32 MB, two years of every instrument or the whole history of a hundred.
 * The oldest block made is dropped first.
 */
let rthBlockBudget = 4_096;
const rthBlockOwners = new Map<Float64Array, { blocks: Map<number, Float64Array>; b: number }>();
export function registerRthBlock(block: Float64Array, blocks: Map<number, Float64Array>, b: number): void {
  rthBlockOwners.set(block, { blocks, b });
  // Bounded: each pass removes one entry.
  while (rthBlockOwners.size > rthBlockBudget) {
    const oldest = rthBlockOwners.entries().next();
    if (oldest.done) return;
    const [array, owner] = oldest.value;
    rthBlockOwners.delete(array);
    if (owner.blocks.get(owner.b) === array) owner.blocks.delete(owner.b);
  }
}

/** Blocks of daily figures held now, and the budget (a test lowers it to see eviction). */
export const rthBlocksHeld = (): number => rthBlockOwners.size;
export function setRthBlockBudget(blocks: number): number {
  const previous = rthBlockBudget;
  rthBlockBudget = blocks;
  return previous;
}

/**
 * The market factor's normals per seed, by block of 256 trading days: shared by every symbol, read
 * on every daily return. At most 8 seeds (a process runs one sandbox, tests a few) × the calendar's
 * 109 blocks × 2 kB.
 */
export const marketBlocks = new LruCache<number, Map<number, Float64Array>>(8);
export function marketNormal(
  seed: number,
  tag: number,
  blocks: Map<number, Float64Array>,
  index: number,
): number {
  const b = Math.floor(index / BLOCK);
  let block = blocks.get(b);
  if (!block) {
    block = new Float64Array(BLOCK);
    for (let i = 0; i < BLOCK; i++) block[i] = gaussOfHash(hash3(seed, tag, b * BLOCK + i));
    blocks.set(b, block);
  }
  return block[index - b * BLOCK] ?? 0;
}
