import type { ApiErrorShape } from '../../shared/errors';

/**
 * Tests only: a stand-in for the preload's `window.bullpen`, so a panel's test states what main
 * answers and what it streams instead of writing the bridge out again. `answer` returns the value
 * of an operation (or throws an `ApiErrorShape`-like object, which becomes a failed reply);
 * `emit` pushes data to every subscriber of a stream, as main's pushes do.
 */
export interface FakeBridge {
  calls: Array<{ op: string; input: unknown }>;
  emit(stream: string, data: unknown): void;
  subscribers(stream: string): number;
}

export function installFakeBridge(
  answer: (op: string, input: unknown) => unknown = () => undefined,
): FakeBridge {
  const calls: FakeBridge['calls'] = [];
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  window.bullpen = {
    invoke(op, input) {
      calls.push({ op, input });
      try {
        return Promise.resolve({ ok: true, value: answer(op, input) });
      } catch (error) {
        return Promise.resolve({ ok: false, error: error as ApiErrorShape });
      }
    },
    subscribe(stream, _params, onData) {
      const set = listeners.get(stream) ?? new Set();
      listeners.set(stream, set);
      set.add(onData);
      return () => set.delete(onData);
    },
  };
  return {
    calls,
    emit: (stream, data) => listeners.get(stream)?.forEach((l) => l(data)),
    subscribers: (stream) => listeners.get(stream)?.size ?? 0,
  };
}
