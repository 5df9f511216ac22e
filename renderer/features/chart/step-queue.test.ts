import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StepQueue } from './step-queue';

describe('StepQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs one step per task, in order, none in the caller’s task', () => {
    const ran: string[] = [];
    const queue = new StepQueue();
    queue.run([() => ran.push('a'), () => ran.push('b'), () => ran.push('c')]);
    expect(ran).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['a']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['a', 'b']);
    vi.runAllTimers();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops the steps not run yet on cancel, and on a new run', () => {
    const ran: string[] = [];
    const queue = new StepQueue();
    queue.run([() => ran.push('a'), () => ran.push('b')]);
    vi.advanceTimersToNextTimer();
    queue.cancel();
    vi.runAllTimers();
    expect(ran).toEqual(['a']);
    queue.run([() => ran.push('c'), () => ran.push('d')]);
    queue.run([() => ran.push('e')]);
    vi.runAllTimers();
    expect(ran).toEqual(['a', 'e']);
  });

  it('flush runs what is left at once and leaves nothing scheduled', () => {
    const ran: string[] = [];
    const queue = new StepQueue();
    queue.run([() => ran.push('a'), () => ran.push('b'), () => ran.push('c')]);
    vi.advanceTimersToNextTimer();
    queue.flush();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(vi.getTimerCount()).toBe(0);
    queue.flush();
    expect(ran).toEqual(['a', 'b', 'c']);
  });
});
