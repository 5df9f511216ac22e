import { createContext, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { PanelProps } from '../../ui/panel-types';

/**
 * A panel component whose code loads on first use (docs/ui.md "Start"). It does not suspend: while
 * the code loads it shows the host's loading frame (`PanelLoadingContext`) and swaps in the panel
 * when the code arrives. React 19 shows content that follows a committed Suspense fallback no sooner
 * than 300 ms after that fallback, and the dock mounts its panels synchronously: with React.lazy
 * every first-run panel showed its fallback, and the watchlist its first prices a third of a second
 * after its code and data had arrived. Code already loaded (by `preloadPanelComponent`, as the
 * first screen does with the workspace's panels) renders in the first render, with no loading frame.
 */
export const PanelLoadingContext = createContext<ReactNode>(null);

/** Each lazy panel's loader, so a panel can start loading before it renders (`preloadPanels`). */
const loaders = new WeakMap<object, () => Promise<unknown>>();

interface Loaded<S extends object> {
  component?: ComponentType<PanelProps<S>>;
  error?: unknown;
}

/**
 * The load is shared, so a render after a preload finds it done; a failed load is forgotten, so the
 * next mount (the panel's error boundary's Retry) tries again. A failure reaches that boundary.
 */
export function lazyPanel<S extends object>(
  factory: () => Promise<ComponentType<PanelProps<S>>>,
): ComponentType<PanelProps<S>> {
  let loading: Promise<ComponentType<PanelProps<S>>> | undefined;
  let loaded: ComponentType<PanelProps<S>> | undefined;
  const get = () =>
    (loading ??= factory().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function LazyPanel(props: PanelProps<S>) {
    // Decided at mount: a panel never swaps its component type under its own state.
    const [state, setState] = useState<Loaded<S>>(() => ({ component: loaded }));
    const fallback = useContext(PanelLoadingContext);
    const waiting = state.component === undefined && state.error === undefined;
    useEffect(() => {
      if (!waiting) return;
      let live = true;
      get().then(
        (component) => live && setState({ component }),
        (error: unknown) => live && setState({ error: error ?? new Error('the panel did not load') }),
      );
      return () => {
        live = false;
      };
    }, [waiting]);
    if (state.error !== undefined) throw state.error;
    const Component = state.component;
    return Component ? <Component {...props} /> : fallback;
  }
  loaders.set(LazyPanel, get);
  return LazyPanel;
}

/** Whether a component was made by `lazyPanel`. */
export function isLazyPanel(component: object): boolean {
  return loaders.has(component);
}

/** Starts loading one `lazyPanel` component's code (anything else: nothing). */
export function preloadPanelComponent(component: object): void {
  void loaders
    .get(component)?.()
    .catch(() => undefined);
}
