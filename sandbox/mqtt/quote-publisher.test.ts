import { afterEach, describe, expect, it } from 'vitest';
import { createMarketSimulator } from '../market/simulator';
import { FLOOD_WINDOW, QuotePublisher, type PushTarget } from './quote-publisher';
import { QuoteRoutingTable } from './quote-routing';

const NOW = Date.parse('2026-11-18T15:00:00Z');
const market = createMarketSimulator({ seed: 42, clock: () => NOW });
const SYMBOLS = market
  .universe()
  .slice(0, 300)
  .map((u) => u.symbol);

/** A client whose write callbacks come back only when the test says so (a socket that has not drained). */
function heldClient() {
  const pending: Array<() => void> = [];
  let written = 0;
  const target: PushTarget = {
    publish(_packet, cb) {
      written++;
      pending.push(() => cb());
    },
  };
  return {
    target,
    written: () => written,
    inFlight: () => pending.length,
    /** The socket drains `n` messages (all by default). */
    drain(n = pending.length) {
      for (const cb of pending.splice(0, n)) cb();
    },
  };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await turn();
};

let publisher: QuotePublisher | undefined;
afterEach(() => publisher?.stop());

function floodOf(client: PushTarget, window?: number) {
  const routing = new QuoteRoutingTable();
  routing.route('s1', SYMBOLS, ['SNAPSHOT', 'QUOTE'], 10);
  const published: string[] = [];
  publisher = new QuotePublisher({
    market,
    routing,
    clientOf: (id) => (id === 's1' ? client : undefined),
    updatesPerSecond: 2,
    flood: true,
    floodWindow: window,
    onPublished: (_s, subType, message) =>
      published.push(`${(message as { basic?: { symbol?: string } }).basic?.symbol}|${subType}`),
  });
  return { publisher, published };
}

describe('QuotePublisher flood', () => {
  it('stops writing at its window while the socket holds the messages, and polls nothing meanwhile', async () => {
    const client = heldClient();
    const { publisher } = floodOf(client.target, 40);
    publisher.start();
    await turns(20);
    // A symbol's sub-types go out together: the window is passed by at most one message.
    expect(client.inFlight()).toBeGreaterThanOrEqual(40);
    expect(client.inFlight()).toBeLessThanOrEqual(41);
    expect(publisher.stats.skipped).toBe(0);
  });

  it('goes on as write callbacks come back, symbol after symbol in routing order, skipping nothing', async () => {
    const client = heldClient();
    const { publisher, published } = floodOf(client.target, 40);
    publisher.start();
    // Drain a few times: each drain lets the next chunk out on the next turn.
    for (let i = 0; i < 30; i++) {
      client.drain();
      await turns(2);
    }
    expect(client.written()).toBeGreaterThan(2 * SYMBOLS.length);
    const firstPass = published.slice(0, 2 * SYMBOLS.length);
    expect(firstPass).toEqual(SYMBOLS.flatMap((s) => [`${s}|SNAPSHOT`, `${s}|QUOTE`]));
    expect(publisher.stats.skipped).toBe(0);
  });

  it('defaults to a small window, not whole rounds', async () => {
    const client = heldClient();
    const { publisher } = floodOf(client.target);
    publisher.start();
    await turns(20);
    expect(client.inFlight()).toBeLessThanOrEqual(FLOOD_WINDOW + 1);
    expect(client.inFlight()).toBeLessThan(2 * SYMBOLS.length);
  });

  it('writes nothing more once stopped, whatever callbacks come back', async () => {
    const client = heldClient();
    const { publisher } = floodOf(client.target, 40);
    publisher.start();
    await turns(5);
    publisher.stop();
    const before = client.written();
    client.drain();
    await turns(10);
    expect(client.written()).toBe(before);
  });

  it('goes on with the other clients once a stuck client is forgotten', async () => {
    const stuck = heldClient();
    const other = heldClient();
    const routing = new QuoteRoutingTable();
    routing.route('stuck', SYMBOLS.slice(0, 50), ['SNAPSHOT']);
    routing.route('other', SYMBOLS.slice(0, 50), ['SNAPSHOT']);
    publisher = new QuotePublisher({
      market,
      routing,
      clientOf: (id) => (id === 'stuck' ? stuck.target : id === 'other' ? other.target : undefined),
      updatesPerSecond: 2,
      flood: true,
      floodWindow: 10,
    });
    publisher.start();
    await turns(10);
    other.drain();
    await turns(10);
    const whileStuck = other.written();
    routing.dropSession('stuck');
    publisher.forgetSession('stuck');
    for (let i = 0; i < 10; i++) {
      other.drain();
      await turns(2);
    }
    expect(other.written()).toBeGreaterThan(whileStuck);
  });
});

describe('QuotePublisher rounds', () => {
  function roundsOf(client: PushTarget, symbols: readonly string[]) {
    const routing = new QuoteRoutingTable();
    routing.route('s1', symbols, ['SNAPSHOT', 'QUOTE']);
    const counts = new Map<string, number>(symbols.map((s) => [s, 0]));
    publisher = new QuotePublisher({
      market,
      routing,
      clientOf: (id) => (id === 's1' ? client : undefined),
      updatesPerSecond: 2,
      onPublished: (_s, subType, message) => {
        if (subType !== 'SNAPSHOT') return;
        const symbol = (message as { basic?: { symbol?: string } }).basic?.symbol ?? '';
        counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
      },
    });
    return { publisher, counts };
  }

  it('sends every routed symbol every round to a client that keeps up, whatever the list size', async () => {
    // 999 symbols × 2 sub-types: a round is far more than the 256-message window.
    const symbols = market
      .universe()
      .slice(0, 999)
      .map((u) => u.symbol);
    const client = heldClient();
    const { publisher, counts } = roundsOf(client.target, symbols);
    for (let i = 0; i < 3; i++) {
      publisher.round();
      client.drain(); // the socket took the round before the next one
    }
    expect(Math.min(...counts.values())).toBe(3);
    expect(publisher.stats.skipped).toBe(0);
  });

  it('under backpressure, takes the symbols in turn instead of always dropping the tail', async () => {
    const client = heldClient();
    const { publisher, counts } = roundsOf(client.target, SYMBOLS);
    publisher.round(); // a whole round (600 messages) goes into the socket's queue
    // The socket now drains only 200 messages (100 symbols) between two rounds.
    for (let i = 0; i < 30; i++) {
      client.drain(200);
      publisher.round();
    }
    expect(client.inFlight()).toBeLessThanOrEqual(2 * SYMBOLS.length);
    const sent = [...counts.values()];
    // 1 + 30 × 100 / 300 = 11 rounds' worth each, give or take the one in progress.
    expect(Math.min(...sent)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...sent) - Math.min(...sent)).toBeLessThanOrEqual(1);
    expect(publisher.stats.skipped).toBeGreaterThan(0);
  });
});
