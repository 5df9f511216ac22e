import { describe, expect, it } from 'vitest';
import { reconnectsOf } from './scenarios/soak-page';

describe('the soak’s reconnect count', () => {
  it('counts each time a link left live, per link, whatever came between', () => {
    const changes: Array<[string, string]> = [
      ['quotes', 'connecting'],
      ['quotes', 'live'],
      ['events', 'live'],
      ['quotes', 'reconnecting'],
      ['quotes', 'offline'],
      ['quotes', 'live'],
      ['events', 'reconnecting'],
      ['events', 'live'],
      ['quotes', 'reconnecting'],
    ];
    expect(reconnectsOf(changes, 'quotes')).toBe(2);
    expect(reconnectsOf(changes, 'events')).toBe(1);
    expect(reconnectsOf(changes, 'api')).toBe(0);
  });
});
