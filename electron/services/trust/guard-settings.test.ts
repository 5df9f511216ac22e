import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/app-types';
import type { Question } from './ask';
import { chooseGuardSettings } from './guard-settings';

const current = { confirmOrders: DEFAULT_SETTINGS.confirmOrders, orderGuards: DEFAULT_SETTINGS.orderGuards };

/** Answers each box by the label of the button wanted, recording the boxes shown. */
function answering(labels: string[]) {
  const shown: Question[] = [];
  const ask = (q: Question) => {
    shown.push(q);
    const label = labels[shown.length - 1] ?? 'Cancel';
    return Promise.resolve(q.buttons.indexOf(label));
  };
  return { ask, shown };
}

describe("main's own order-guard settings", () => {
  it('walks one box a setting and returns the choices', async () => {
    const { ask, shown } = answering(['Only beyond the limits', '100000', 'Keep', '10 %']);
    expect(await chooseGuardSettings(current, ask)).toEqual({
      confirmOrders: false,
      orderGuards: { maxOrderValue: '100000', maxQuantity: '1000', maxPriceDistancePct: 10 },
    });
    expect(shown.map((q) => q.title)).toEqual([
      'Order confirmations',
      'Largest order value',
      'Largest quantity',
      'Distance from the last price',
    ]);
    expect(shown.every((q) => q.buttons[q.cancelId] === 'Cancel')).toBe(true);
  });

  it('changes nothing when any box is cancelled', async () => {
    for (let at = 0; at < 4; at++) {
      const labels = ['Only beyond the limits', '500000', '10000', '25 %'];
      labels[at] = 'Cancel';
      expect(await chooseGuardSettings(current, answering(labels).ask)).toBeUndefined();
    }
  });
});
