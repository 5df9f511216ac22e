import { describe, expect, it } from 'vitest';
import { createReadBudget } from './read-budget';

function harness(budgetMs: number) {
  let clock = 0;
  const log: string[] = [];
  const turns: Array<() => void> = [];
  const budget = createReadBudget({
    budgetMs,
    now: () => clock,
    pause: () => log.push('pause'),
    resume: () => log.push('resume'),
    nextTurn: (run) => turns.push(run),
  });
  /** One message taking `ms` to handle. */
  const message = (ms: number) => {
    const t = budget.now();
    clock += ms;
    budget.spent(t);
  };
  const nextTurn = () => {
    for (const run of turns.splice(0)) run();
  };
  return { budget, log, message, nextTurn };
}

describe('read budget (quote messages per event-loop turn)', () => {
  it('pauses the socket once a turn has spent the budget and resumes it on the next turn', () => {
    const h = harness(8);
    for (let i = 0; i < 3; i++) h.message(2);
    expect(h.log).toEqual([]);
    h.message(2); // 8 ms in this turn
    h.message(2); // messages already read are still handled; no second pause
    expect(h.log).toEqual(['pause']);
    h.nextTurn();
    expect(h.log).toEqual(['pause', 'resume']);
    // The new turn has a fresh account.
    for (let i = 0; i < 3; i++) h.message(2);
    expect(h.log).toEqual(['pause', 'resume']);
  });

  it('never pauses turns that stay under the budget, however many', () => {
    const h = harness(8);
    for (let turn = 0; turn < 50; turn++) {
      h.message(3);
      h.message(3);
      h.nextTurn();
    }
    expect(h.log).toEqual([]);
  });

  it('does not resume a closed connection', () => {
    const h = harness(1);
    h.message(5);
    h.budget.close();
    h.nextTurn();
    expect(h.log).toEqual(['pause']);
  });
});
