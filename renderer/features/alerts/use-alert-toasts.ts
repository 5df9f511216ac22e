import { useEffect } from 'react';
import { toast } from 'sonner';
import { describeCondition } from '../../../shared/ipc/alert-kinds';
import type { AlertsState } from '../../../shared/ipc/contract';
import { invoke, subscribe } from '../../lib/bridge';
import { formatEtDayTimeLabelled } from '../../lib/time';
import { playAlertSound } from './alert-sound';

/**
 * A fired price alert raises a toast in the window (beside main's OS notification, which a trader
 * at the desk may not see). The stream sends the whole list: its first state is what had fired
 * before this window opened and raises nothing; after that, each new fire (`id@triggeredAt`, so a
 * re-armed alert that fires again counts anew) raises one toast, and one chime when Settings ▸
 * Sounds is on (read at the fire, so a change counts at once; off when the settings cannot be read).
 */
export function useAlertToasts(): void {
  useEffect(() => {
    let seen: Set<string> | undefined;
    return subscribe('alerts', {}, (state: AlertsState) => {
      const fired = state.alerts.filter((a) => a.status === 'triggered' && a.triggeredAt !== undefined);
      const keys = fired.map((a) => `${a.id}@${a.triggeredAt ?? 0}`);
      if (seen === undefined) {
        seen = new Set(keys);
        return;
      }
      fired.forEach((a, i) => {
        const key = keys[i] ?? '';
        if (seen?.has(key)) return;
        seen?.add(key);
        void invoke('settings.get', {})
          .then((s) => {
            if (s.sounds) playAlertSound();
          })
          .catch(() => undefined);
        toast.warning(`Price alert: ${a.symbol}`, {
          description: `${a.symbol} ${describeCondition(a.condition)} · last ${a.triggerPrice ?? '—'} · ${formatEtDayTimeLabelled(a.triggeredAt)}${a.note ? ` · ${a.note}` : ''}`,
        });
      });
    });
  }, []);
}
