import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Two ways to say where the simulated market's time starts, beside the live wall clock:
 * - a pinned start (`--clock`, `SandboxOptions.marketStartAt`, the app's `BULLPEN_SANDBOX_CLOCK`):
 *   the market begins at that instant and runs at real speed from there, so a test that needs
 *   regular hours passes at any hour of the day; a speed factor (`--speed`,
 *   `SandboxOptions.marketSpeed`, the app's `BULLPEN_SANDBOX_SPEED`) runs it faster than the wall
 *   clock, so a soak test lives through a whole session in minutes;
 * - the replay position, kept in the data folder, so the next replay of the same session resumes
 *   where the last one stopped instead of showing the same prices again.
 */

/** An ISO 8601 instant with a zone (`2026-11-18T15:00:00Z`, `…-05:00`) → Unix ms; else a clear error. */
export function parseMarketStart(text: string, source: string): number {
  const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text.trim());
  const ms = Date.parse(text.trim());
  if (!zoned || Number.isNaN(ms))
    throw new Error(`${source}: '${text}' is not an ISO time with a zone, e.g. 2026-11-18T15:00:00Z`);
  return ms;
}

/**
 * A market clock that starts at `startAt` and runs `speed` times as fast as the wall clock (1:
 * real speed). Whole milliseconds, as the wall clock reads.
 */
export function pinnedMarketClock(startAt: number, wall: () => number, speed = 1): () => number {
  const startedAt = wall();
  if (speed === 1) return () => startAt + (wall() - startedAt);
  return () => startAt + Math.floor((wall() - startedAt) * speed);
}

/** The fastest market clock accepted: a 6.5-hour session in 23.4 s of wall time. */
export const MAX_MARKET_SPEED = 1_000;

/** A market speed factor: a number above 0 and at most MAX_MARKET_SPEED (`60`, `0.5`); else a clear error. */
export function parseMarketSpeed(text: string, source: string): number {
  const trimmed = text.trim();
  const speed = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!(speed > 0 && speed <= MAX_MARKET_SPEED))
    throw new Error(
      `${source}: '${text}' is not a market speed: a number above 0 and at most ${MAX_MARKET_SPEED}, e.g. 60`,
    );
  return speed;
}

/** The app's `BULLPEN_SANDBOX_SPEED`: unset or empty is real speed (undefined); else a speed factor. */
export function sandboxSpeedFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return parseMarketSpeed(value, 'BULLPEN_SANDBOX_SPEED');
}

export interface ReplayPosition {
  /** Open of the replayed regular session (Unix ms): a position only applies to the same session. */
  sessionStart: number;
  /** How far into that session the replay had got. */
  offsetMs: number;
}

const FILE = 'replay-position.json';

export function readReplayPosition(dataDir: string): ReplayPosition | undefined {
  const file = path.join(dataDir, FILE);
  if (!existsSync(file)) return undefined;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<ReplayPosition>;
    if (Number.isFinite(value.sessionStart) && Number.isFinite(value.offsetMs) && (value.offsetMs ?? -1) >= 0)
      return { sessionStart: value.sessionStart as number, offsetMs: value.offsetMs as number };
  } catch {
    // A damaged position file only costs the resumption: the replay starts at its usual offset.
  }
  return undefined;
}

export function writeReplayPosition(dataDir: string, position: ReplayPosition): void {
  writeFileSync(path.join(dataDir, FILE), JSON.stringify(position) + '\n');
}

/** The app's `BULLPEN_SANDBOX_CLOCK`: unset or empty is no pin; anything else must be an ISO time. */
export function sandboxClockFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return parseMarketStart(value, 'BULLPEN_SANDBOX_CLOCK');
}
