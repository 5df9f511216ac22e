import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/queries';
import { useHotkeyArming } from './hotkey-store';
import styles from './Hotkeys.module.css';

/**
 * The top bar's arming switch for this window's trading hotkeys: a toggle button (pressed = armed)
 * whose text, its name too ("Hotkeys off" / "Hotkeys armed"), and colour say the state at a glance. It also keeps the settings loaded, which the
 * hotkeys read their keys from.
 */
export function HotkeysToggle() {
  const armed = useHotkeyArming((s) => s.armed);
  const keys = useQuery(apiQuery('settings.get', {})).data?.tradingHotkeys.keys;
  const bound = keys ? Object.values(keys).filter(Boolean).length : 0;
  return (
    <button
      type="button"
      className={`btn ${styles.toggle} ${armed ? styles.armed : ''}`}
      aria-pressed={armed}
      title={
        armed
          ? 'Trading hotkeys are armed in this window: a bound key places an order. Click to disarm.'
          : `Arm this window's trading hotkeys (${bound} keys bound in Settings)`
      }
      disabled={!keys}
      onClick={() => useHotkeyArming.getState().setArmed(!armed)}
    >
      {armed ? 'Hotkeys armed' : 'Hotkeys off'}
    </button>
  );
}
