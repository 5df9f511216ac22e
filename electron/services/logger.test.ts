import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRotatingLogger } from './logger';
import { createRedactor } from '../common/redact';
import { testTempDir } from '../testing/temp-dir';

const tempDir = () => testTempDir('bullpen-log-');

describe('rotating logger', () => {
  it('redacts every line, including error details', () => {
    const dir = tempDir();
    const redactor = createRedactor();
    redactor.addSecret('SECRET-abc-123');
    const log = createRotatingLogger({ dir, redactor, now: () => 0 });
    log.info('signing with SECRET-abc-123');
    log.error('boom', new Error('bad secret SECRET-abc-123'));
    log.warn('config', { appSecret: 'whatever', token: 'tkn-999' });
    const text = readFileSync(log.file, 'utf8');
    expect(text).not.toContain('SECRET-abc-123');
    expect(text).not.toContain('tkn-999');
    expect(text).not.toContain('whatever');
    expect(text).toContain('1970-01-01T00:00:00.000Z INFO  signing with [REDACTED]');
  });

  it('rotates at maxBytes and keeps at most maxFiles files', () => {
    const dir = tempDir();
    const log = createRotatingLogger({ dir, redactor: createRedactor(), maxBytes: 1000, maxFiles: 3 });
    for (let i = 0; i < 200; i++) log.info(`line ${i} ${'x'.repeat(50)}`);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['bullpen.1.log', 'bullpen.2.log', 'bullpen.log']);
    for (const f of files) expect(statSync(join(dir, f)).size).toBeLessThanOrEqual(1000);
    // The newest line is in the live file, the one before the roll in .1.
    expect(readFileSync(join(dir, 'bullpen.log'), 'utf8')).toContain('line 199 ');
    const newestRolled = readFileSync(join(dir, 'bullpen.1.log'), 'utf8').trim().split('\n');
    const liveFirst = readFileSync(join(dir, 'bullpen.log'), 'utf8').split('\n')[0] ?? '';
    const lastRolledIndex = Number(/line (\d+)/.exec(newestRolled.at(-1) ?? '')?.[1]);
    expect(liveFirst).toContain(`line ${lastRolledIndex + 1} `);
  });
});
