import { describe, expect, it } from 'vitest';
import {
  InvalidTransitionError,
  OPEN_STATUSES,
  ORDER_EVENTS,
  ORDER_STATUSES,
  TERMINAL_STATUSES,
  isOpenStatus,
  isTerminalStatus,
  replacedEvent,
  transition,
  type OrderEvent,
  type OrderStatus,
} from './lifecycle';

/** Every valid transition, written out independently of the table under test. */
const VALID: [OrderStatus, OrderEvent, OrderStatus][] = [
  ['SUBMITTED', 'PARTIAL_FILL', 'PARTIAL_FILLED'],
  ['SUBMITTED', 'FILL', 'FILLED'],
  ['SUBMITTED', 'REQUEST_CANCEL', 'PENDING'],
  ['SUBMITTED', 'REQUEST_REPLACE', 'PENDING'],
  ['SUBMITTED', 'CANCEL', 'CANCELLED'],
  ['SUBMITTED', 'REJECT', 'FAILED'],
  ['PARTIAL_FILLED', 'PARTIAL_FILL', 'PARTIAL_FILLED'],
  ['PARTIAL_FILLED', 'FILL', 'FILLED'],
  ['PARTIAL_FILLED', 'REQUEST_CANCEL', 'PENDING'],
  ['PARTIAL_FILLED', 'REQUEST_REPLACE', 'PENDING'],
  ['PARTIAL_FILLED', 'CANCEL', 'CANCELLED'],
  ['PENDING', 'PARTIAL_FILL', 'PENDING'],
  ['PENDING', 'FILL', 'FILLED'],
  ['PENDING', 'CANCEL', 'CANCELLED'],
  ['PENDING', 'REPLACED', 'SUBMITTED'],
  ['PENDING', 'REPLACED_PARTIAL', 'PARTIAL_FILLED'],
];

describe('order lifecycle', () => {
  for (const [from, event, to] of VALID) {
    it(`${from} --${event}--> ${to}`, () => expect(transition(from, event)).toBe(to));
  }

  const invalid = ORDER_STATUSES.flatMap((from) =>
    ORDER_EVENTS.filter((e) => !VALID.some(([f, ev]) => f === from && ev === e)).map(
      (e) => [from, e] as const,
    ),
  );
  it('has 32 invalid pairs, each refused', () => expect(invalid).toHaveLength(6 * 8 - VALID.length));
  for (const [from, event] of invalid) {
    it(`${from} refuses ${event} with a named error`, () => {
      let caught: unknown;
      try {
        transition(from, event);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(InvalidTransitionError);
      expect(caught).toMatchObject({ name: 'InvalidTransitionError', from, event });
      expect(String(caught)).toContain(`${from} cannot take ${event}`);
    });
  }

  it('derives open and terminal statuses from the table', () => {
    expect([...TERMINAL_STATUSES].sort()).toEqual(['CANCELLED', 'FAILED', 'FILLED']);
    expect([...OPEN_STATUSES].sort()).toEqual(['PARTIAL_FILLED', 'PENDING', 'SUBMITTED']);
    expect(isOpenStatus('PENDING')).toBe(true);
    expect(isOpenStatus('FILLED')).toBe(false);
    expect(isTerminalStatus('CANCELLED')).toBe(true);
    // A status nobody declared is neither (read from the wire, it is shown as it came).
    expect(isOpenStatus('WORKING')).toBe(false);
    expect(isTerminalStatus('WORKING')).toBe(false);
  });

  it('ends a pending replace in the working status that matches the fills', () => {
    expect(transition('PENDING', replacedEvent(false))).toBe('SUBMITTED');
    expect(transition('PENDING', replacedEvent(true))).toBe('PARTIAL_FILLED');
  });
});
