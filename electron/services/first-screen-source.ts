import type { OpenApiClient } from '../openapi/client';
import type { WorkspaceState } from '../../shared/ui/workspace';
import {
  chooseWatchlistId,
  groupByCategory,
  inListOrder,
  watchlistChoices,
  type FirstScreen,
} from '../../shared/ui/first-watchlists';

/**
 * `watchlist.firstScreen` (docs/ui.md "Start"): the first screen's watchlists, their members and
 * their snapshots, asked for here one after the other and sent to the window in one reply, where
 * the renderer would make three round trips, each waiting for its busy first frames.
 *
 * `warm` starts the same calls as a session starts, before the window asks: the window's first
 * ask within `keepMs` gets that answer (once). A write (`invalidate`), another session, another
 * choice of lists in the workspace, or an answer that failed means a fresh set of calls.
 */
export interface FirstScreenSource {
  warm(session: FirstScreenSession): void;
  get(session: FirstScreenSession): Promise<FirstScreen>;
  invalidate(): void;
}

/** A session is told by its client (the session manager hands out copies of its session record). */
export interface FirstScreenSession {
  client: Pick<OpenApiClient, 'call'>;
}

export interface FirstScreenOptions {
  /** The active workspace (the one `workspace.get` answers with). */
  workspace: () => WorkspaceState;
  /** How long a warmed answer waits for the window's ask. Default 15 s. */
  keepMs?: number;
  now?: () => number;
  onError?: (message: string, error: unknown) => void;
}

/** The window is about to show these: they go at the priority of what a user asked for. */
const USER = { priority: 'user' } as const;

interface Warmed {
  session: FirstScreenSession;
  key: string;
  at: number;
  answer: Promise<FirstScreen>;
}

export function createFirstScreen(opts: FirstScreenOptions): FirstScreenSource {
  const keepMs = opts.keepMs ?? 15_000;
  const now = opts.now ?? Date.now;
  let warmed: Warmed | undefined;

  const choices = () => watchlistChoices(opts.workspace());

  /** `call` for each item at once; an item whose call fails is reported and left out. */
  async function eachOrSkip<I, T>(
    items: readonly I[],
    what: (item: I) => string,
    call: (item: I) => Promise<T>,
  ) {
    const settled = await Promise.all(
      items.map(async (item) => {
        try {
          return await call(item);
        } catch (error) {
          opts.onError?.(`first screen: ${what(item)}`, error);
          return undefined;
        }
      }),
    );
    return settled.filter((x) => x !== undefined);
  }

  async function load(session: FirstScreenSession, stored: Array<string | undefined>): Promise<FirstScreen> {
    const { client } = session;
    const lists = await client.call('watchlistList', {}, USER);
    const ids = [...new Set(stored.map((s) => chooseWatchlistId(s, lists)))].filter(
      (id): id is string => id !== undefined,
    );
    const members = await eachOrSkip(
      ids,
      (watchlistId) => `members of ${watchlistId}`,
      async (watchlistId) => ({
        watchlistId,
        instruments: await client.call('watchlistInstruments', { watchlist_id: watchlistId }, USER),
      }),
    );
    // One snapshot call per (category, symbols) a panel asks for: the same groups, so the same keys.
    const groups = new Map<string, [FirstScreen['snapshots'][number]['category'], string[]]>();
    for (const m of members)
      for (const group of groupByCategory(inListOrder(m.instruments)))
        groups.set(JSON.stringify(group), group);
    const snapshots = await eachOrSkip(
      [...groups.values()],
      ([category]) => `${category} snapshots`,
      async ([category, symbols]) => ({
        category,
        symbols,
        snapshots: await client.call('snapshot', { symbols, category }, USER),
      }),
    );
    return { lists, members, snapshots };
  }

  return {
    warm(session) {
      const stored = choices();
      const answer = load(session, stored);
      // Nobody may ever ask: a failure here is only a warm-up that did not happen.
      answer.catch(() => undefined);
      warmed = { session, key: JSON.stringify(stored), at: now(), answer };
    },
    get(session) {
      const stored = choices();
      const w = warmed;
      warmed = undefined;
      if (
        w &&
        w.session.client === session.client &&
        w.key === JSON.stringify(stored) &&
        now() - w.at <= keepMs
      )
        return w.answer.catch(() => load(session, stored));
      return load(session, stored);
    },
    invalidate() {
      warmed = undefined;
    },
  };
}
