import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import type { Settings } from '../../../shared/ipc/app-types';
import type { Account } from '../../../shared/openapi/records/accounts';
import type { HotkeyAction } from '../../../shared/ui/hotkeys';
import { errorMessage, invoke } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';
import { activeAccountIn } from '../account';
import { refreshTrading } from '../orders';
import { isTyping } from '../../lib/typing';
import { useQuoteStore } from '../quotes';
import { actionFor, comboOf, PressGate } from './hotkey-keys';
import { hotkeyCalls, reversePlan } from './hotkey-orders';
import { reverseDeps, shortableOf } from './reverse-deps';
import { runReverse } from './reverse-run';
import { useHotkeyArming } from './hotkey-store';

/**
 * The window's trading hotkeys (docs/ui.md "Trading hotkeys"), mounted once by the shell, which
 * says which symbol a hotkey trades (the active panel's). Nothing fires unless this window is
 * armed, the settings are loaded (never the defaults in place of the trader's own keys), focus is
 * not in a field and no dialog is open; one keypress makes one call (PressGate). The calls go to
 * main as any ticket's do: main's guards and confirmations decide, not this hook.
 */
export function useTradingHotkeys(symbolNow: () => string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const gate = new PressGate();
    const onDown = (e: KeyboardEvent) => {
      if (!useHotkeyArming.getState().armed || e.defaultPrevented || isTyping(e.target)) return;
      if (document.querySelector('dialog[open]')) return;
      const settings = queryClient.getQueryData<Settings>(['settings.get', {}]);
      const action = actionFor(
        comboOf(e),
        settings?.tradingHotkeys.keys ?? ({} as Settings['tradingHotkeys']['keys']),
      );
      if (!settings || !action) return;
      e.preventDefault();
      e.stopPropagation();
      if (!gate.down(e.code, e.repeat)) return;
      void runHotkey(queryClient, action, symbolNow(), settings.tradingHotkeys.quantity);
    };
    const onUp = (e: KeyboardEvent) => gate.up(e.code);
    const forget = () => gate.reset();
    window.addEventListener('keydown', onDown, true);
    window.addEventListener('keyup', onUp, true);
    window.addEventListener('blur', forget);
    return () => {
      window.removeEventListener('keydown', onDown, true);
      window.removeEventListener('keyup', onUp, true);
      window.removeEventListener('blur', forget);
    };
  }, [queryClient, symbolNow]);
}

/** The symbol a reverse is under way for in this window: one reverse at a time. */
let reversing: string | undefined;

/** One hotkey's calls, one after another (a refusal stops the rest), each told in a toast. */
async function runHotkey(
  queryClient: QueryClient,
  action: HotkeyAction,
  symbol: string | undefined,
  quantity: string,
): Promise<void> {
  const accountId = activeAccountIn(queryClient.getQueryData<Account[]>(['api.accountList', {}]));
  if (!symbol || !accountId) {
    toast.error('Hotkey not sent', {
      description: symbol ? 'No account to trade in.' : 'No symbol is chosen.',
    });
    return;
  }
  if (action === 'reverse') {
    // Checked and taken before the first await: a second press finds it taken.
    if (reversing !== undefined) {
      toast.info('Reverse already under way', {
        description: `The reverse of ${reversing} is not finished: this press sent nothing.`,
      });
      return;
    }
    reversing = symbol;
    try {
      await reverse(queryClient, accountId, symbol);
    } finally {
      reversing = undefined;
      refreshTrading(queryClient);
    }
    return;
  }
  try {
    // What is held and working now, read fresh: a flatten must not act on a list a fill has changed.
    const needs = action === 'cancelAll' ? 'orders' : action === 'flatten' ? 'positions' : undefined;
    const positions =
      needs === 'positions'
        ? await queryClient.fetchQuery({
            ...apiQuery('api.positions', { account_id: accountId }),
            staleTime: 0,
          })
        : undefined;
    const openOrders =
      needs === 'orders'
        ? await queryClient.fetchQuery({
            ...apiQuery('api.ordersOpen', { account_id: accountId, page_size: 100 }),
            staleTime: 0,
          })
        : undefined;
    const calls = hotkeyCalls(action, {
      symbol,
      accountId,
      quote: useQuoteStore.getState().quotes[symbol],
      quantity,
      positions,
      openOrders,
    });
    if (!Array.isArray(calls)) {
      toast.error('Hotkey not sent', { description: calls.error });
      return;
    }
    for (const call of calls) {
      try {
        await (call.op === 'api.orderPlace' ? invoke(call.op, call.input) : invoke(call.op, call.input));
        toast.success(`Hotkey: ${call.what} sent`);
      } catch (error) {
        toast.error(`Hotkey: ${call.what} not sent`, { description: errorMessage(error) });
        return;
      }
    }
  } catch (error) {
    toast.error('Hotkey not sent', { description: errorMessage(error) });
  } finally {
    refreshTrading(queryClient);
  }
}

/** A reverse: the position and whether the stock can be sold short read fresh, then the two steps. */
async function reverse(queryClient: QueryClient, accountId: string, symbol: string): Promise<void> {
  try {
    const [positions, shortable] = await Promise.all([
      queryClient.fetchQuery({ ...apiQuery('api.positions', { account_id: accountId }), staleTime: 0 }),
      shortableOf(queryClient, symbol),
    ]);
    const plan = reversePlan({ symbol, accountId, positions }, shortable);
    if ('error' in plan) {
      toast.error('Hotkey not sent', { description: plan.error });
      return;
    }
    await runReverse(plan, symbol, reverseDeps(queryClient, accountId, symbol));
  } catch (error) {
    toast.error('Hotkey not sent', { description: errorMessage(error) });
  }
}
