import { describe, expect, it, vi } from 'vitest';
import { Listeners } from './listeners';

/** A throwing subscriber is reported, never an uncaught exception that would take main down. */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('listener errors', () => {
  it('reports a throwing listener to the error handler, and the others still hear', async () => {
    const errors: unknown[] = [];
    const listeners = new Listeners<number>((e) => errors.push(e));
    const heard: number[] = [];
    listeners.add(() => {
      throw new Error('broken subscriber');
    });
    listeners.add((n) => heard.push(n));
    listeners.emit(7);
    await nextTurn();
    expect(heard).toEqual([7]);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('broken subscriber');
  });

  it('by default turns it into a process warning, not an uncaught exception', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const listeners = new Listeners<number>();
      listeners.add(() => {
        throw new Error('broken subscriber');
      });
      listeners.emit(1);
      await nextTurn();
      expect(String(warn.mock.calls[0]?.[0])).toContain('broken subscriber');
    } finally {
      warn.mockRestore();
    }
  });
});
