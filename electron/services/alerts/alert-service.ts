import { randomBytes } from 'node:crypto';
import { ErrorCodes } from '../../../shared/errors';
import { describeCondition, type AlertsState, type PriceAlert } from '../../../shared/ipc/alerts';
import type { OpParsedInput } from '../../../shared/ipc/contract';
import type { QuoteRecord } from '../../../shared/ipc/streams';
import type { Category } from '../../../shared/openapi/primitives';
import { ApiError } from '../../openapi/api-error';
import { Listeners } from '../../common/listeners';
import type { Logger } from '../logger';
import type { ActiveSession, SessionManager } from '../session-manager';
import type { AlertStore } from './alert-store';
import { evaluateCondition, readDecimal, type Side } from './evaluate';

/**
 * Price alerts, evaluated in main (docs/architecture.md "Alerts"): main holds its own quote
 * subscription for each symbol an armed alert of the active environment watches, so alerts fire
 * with every window closed or minimised and whatever the panels show. An alert fires once (OS
 * notification, `alerts` stream update) and stays `triggered` until the user re-arms it.
 *
 * Alerts belong to the environment they were set in: prices differ between the sandbox and a live
 * region, so only the active environment's alerts are listed and watched; the others wait,
 * untouched, until their environment is active again.
 */
const MAX_ALERTS = 500;

export interface AlertServiceOptions {
  store: AlertStore;
  sessions: Pick<SessionManager, 'current' | 'ensure' | 'onSession'>;
  activeEnvironmentId: () => string;
  notify: (n: { title: string; body: string }) => void;
  logger: Pick<Logger, 'info' | 'warn'>;
  now?: () => number;
  newId?: () => string;
  /**
   * Whether the active environment lists this symbol (in main: the instrument index). An alert on a
   * symbol it does not list is refused at the form: its quote subscription would be refused by the
   * service. Absent: every symbol is taken.
   */
  isKnownSymbol?: (symbol: string) => Promise<boolean>;
}

export interface AlertService {
  state(): AlertsState;
  create(input: OpParsedInput<'alerts.create'>): Promise<PriceAlert>;
  update(input: OpParsedInput<'alerts.update'>): Promise<PriceAlert>;
  remove(id: string): { removed: true };
  rearm(id: string): PriceAlert;
  onChange(listener: (state: AlertsState) => void): () => void;
  /** The active environment changed: watch its alerts instead. */
  environmentChanged(): void;
  /** Symbols main watches now (`CATEGORY:SYMBOL`), for tests and the log. */
  watching(): string[];
  close(): void;
}

interface Watch {
  symbol: string;
  category: Category;
  detach: () => void;
  price?: string;
  preClose?: string;
}

const keyOf = (a: { symbol: string; category: Category }) => `${a.category}:${a.symbol}`;

export function createAlertService(opts: AlertServiceOptions): AlertService {
  const now = opts.now ?? Date.now;
  const newId = opts.newId ?? (() => `al_${randomBytes(6).toString('hex')}`);
  const changes = new Listeners<AlertsState>((e) => opts.logger.warn('an alerts listener threw', e));
  let alerts: PriceAlert[] = opts.store.load();
  const watches = new Map<string, Watch>();
  /** `cross` alerts: the side of the threshold the price was last seen on (not persisted). */
  const sides = new Map<string, Side>();
  let watchedSession: ActiveSession | undefined;
  let closed = false;

  const activeAlerts = () => alerts.filter((a) => a.environmentId === opts.activeEnvironmentId());
  const state = (): AlertsState => ({
    environmentId: opts.activeEnvironmentId(),
    alerts: activeAlerts(),
  });

  const commit = (next: PriceAlert[]) => {
    opts.store.save(next);
    alerts = next;
    changes.emit(state());
    sync();
  };

  const notFound = (id: string) =>
    new ApiError({
      code: ErrorCodes.NOT_FOUND,
      message: `id: no alert ${JSON.stringify(id)} in this environment`,
      field: 'id',
      retryable: false,
    });
  const find = (id: string): PriceAlert => {
    const alert = activeAlerts().find((a) => a.id === id);
    if (!alert) throw notFound(id);
    return alert;
  };
  const replace = (next: PriceAlert) => commit(alerts.map((a) => (a.id === next.id ? next : a)));

  function onQuote(watch: Watch, update: QuoteRecord): void {
    if (closed) return;
    // Updates may carry only the fields that changed: keep the newest of each.
    if (update.price !== undefined) watch.price = update.price;
    if (update.preClose !== undefined) watch.preClose = update.preClose;
    const price = readDecimal(watch.price);
    if (!price) return;
    const preClose = readDecimal(watch.preClose);
    const fired: PriceAlert[] = [];
    for (const alert of activeAlerts()) {
      if (alert.status !== 'armed' || keyOf(alert) !== keyOf(watch)) continue;
      const result = evaluateCondition(alert.condition, { price, preClose }, sides.get(alert.id));
      if (result.side !== undefined) sides.set(alert.id, result.side);
      if (result.fired) fired.push(alert);
    }
    if (fired.length === 0) return;
    const at = now();
    const ids = new Set(fired.map((a) => a.id));
    for (const id of ids) sides.delete(id);
    const triggerPrice = price.toString();
    commit(
      alerts.map((a) =>
        ids.has(a.id) ? { ...a, status: 'triggered' as const, triggeredAt: at, triggerPrice } : a,
      ),
    );
    for (const alert of fired) {
      opts.logger.info(`alert ${alert.id} fired: ${alert.symbol} ${describeCondition(alert.condition)}`);
      try {
        opts.notify({
          title: `Price alert: ${alert.symbol}`,
          body: `${alert.symbol} ${describeCondition(alert.condition)} (last ${triggerPrice})${alert.note ? ` · ${alert.note}` : ''}`,
        });
      } catch (error) {
        opts.logger.warn('alert notification failed', error);
      }
    }
  }

  function unwatch(key: string): void {
    const watch = watches.get(key);
    watches.delete(key);
    try {
      watch?.detach();
    } catch (error) {
      opts.logger.warn('alert quote unsubscribe failed', error);
    }
  }

  /** Subscribe to exactly the symbols the active environment's armed alerts need. */
  function sync(): void {
    if (closed) return;
    const needed = new Map<string, { symbol: string; category: Category }>();
    for (const a of activeAlerts()) if (a.status === 'armed') needed.set(keyOf(a), a);
    const session = opts.sessions.current();
    const usable =
      session?.quotes && session.environment.id === opts.activeEnvironmentId() ? session : undefined;
    if (usable !== watchedSession) {
      for (const key of [...watches.keys()]) unwatch(key);
      watchedSession = usable;
    }
    for (const key of [...watches.keys()]) if (!needed.has(key)) unwatch(key);
    if (!usable?.quotes) {
      // No session yet (no window asked for one): start it, so alerts are watched headless too.
      if (needed.size > 0 && !session)
        opts.sessions
          .ensure()
          .catch((error: unknown) =>
            opts.logger.warn('alerts wait for a session', error instanceof Error ? error.message : error),
          );
      return;
    }
    for (const [key, target] of needed) {
      if (watches.has(key)) continue;
      const watch: Watch = { ...target, detach: () => undefined };
      watches.set(key, watch);
      watch.detach = usable.quotes.subscribe(
        target.symbol,
        ['SNAPSHOT'],
        (u) => queueMicrotask(() => onQuote(watch, u)),
        target.category,
      );
    }
  }

  async function requireKnown(symbol: string): Promise<void> {
    if (!opts.isKnownSymbol || (await opts.isKnownSymbol(symbol))) return;
    throw new ApiError({
      code: ErrorCodes.INVALID_INPUT,
      message: `symbol: ${symbol} is not a symbol this environment lists`,
      field: 'symbol',
      retryable: false,
    });
  }

  const offSession = opts.sessions.onSession(() => sync());
  sync();

  return {
    state,
    async create(input) {
      await requireKnown(input.symbol);
      if (alerts.length >= MAX_ALERTS)
        throw new ApiError({
          code: ErrorCodes.INVALID_INPUT,
          message: `symbol: at most ${MAX_ALERTS} alerts; remove some first`,
          field: 'symbol',
          retryable: false,
        });
      const alert: PriceAlert = {
        id: newId(),
        environmentId: opts.activeEnvironmentId(),
        symbol: input.symbol,
        category: input.category,
        condition: input.condition,
        status: 'armed',
        createdAt: now(),
      };
      if (input.note) alert.note = input.note;
      commit([...alerts, alert]);
      return alert;
    },
    async update(input) {
      find(input.id);
      if (input.symbol !== undefined) await requireKnown(input.symbol);
      const current = find(input.id);
      const next: PriceAlert = {
        ...current,
        symbol: input.symbol ?? current.symbol,
        category: input.category ?? current.category,
        condition: input.condition ?? current.condition,
      };
      if (input.note !== undefined) {
        if (input.note) next.note = input.note;
        else delete next.note;
      }
      sides.delete(current.id);
      replace(next);
      return next;
    },
    remove(id) {
      find(id);
      sides.delete(id);
      commit(alerts.filter((a) => a.id !== id));
      return { removed: true as const };
    },
    rearm(id) {
      const current = find(id);
      const next: PriceAlert = { ...current, status: 'armed' };
      delete next.triggeredAt;
      delete next.triggerPrice;
      sides.delete(id);
      replace(next);
      return next;
    },
    onChange: (listener) => changes.add(listener),
    environmentChanged() {
      sides.clear();
      changes.emit(state());
      sync();
    },
    watching: () => [...watches.keys()].sort(),
    close() {
      closed = true;
      offSession();
      for (const key of [...watches.keys()]) unwatch(key);
    },
  };
}
