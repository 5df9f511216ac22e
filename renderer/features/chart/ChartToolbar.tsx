import type { Timespan } from '../../../shared/openapi/primitives';
import { BB_MULT, BB_PERIOD, EMA_PERIOD, SMA_PERIOD } from './chart-controller';
import type { ChartIndicators, ChartSettings } from './chart-panel-props';
import { CHART_TIMESPANS, isIntraday, TIMESPAN_LABEL } from './timespan-labels';
import styles from './Chart.module.css';

const INDICATORS: Array<{ key: keyof ChartIndicators; short: string; name: string }> = [
  { key: 'sma', short: `SMA ${SMA_PERIOD}`, name: `SMA ${SMA_PERIOD}` },
  { key: 'ema', short: `EMA ${EMA_PERIOD}`, name: `EMA ${EMA_PERIOD}` },
  { key: 'vwap', short: 'VWAP', name: 'VWAP' },
  {
    key: 'bollinger',
    short: `BB ${BB_PERIOD},${BB_MULT}`,
    name: `BB ${BB_PERIOD},${BB_MULT}: Bollinger bands ${BB_PERIOD}, ${BB_MULT}`,
  },
];
/** A switched-on indicator's button takes its line's colour (VWAP keeps the plain "on" colour). */
const IND_CLASS: Record<keyof ChartIndicators, string> = {
  sma: styles.indSma ?? '',
  ema: styles.indEma ?? '',
  vwap: '',
  bollinger: styles.indBollinger ?? '',
};

interface Props {
  settings: ChartSettings;
  updateSettings(patch: Partial<ChartSettings>): void;
  onSavePng(): void;
  canSave: boolean;
}

/**
 * Timespans as a radio group (arrow keys move and select, like native radios), overlays and
 * options as toggle buttons with `aria-pressed`.
 */
export function ChartToolbar({ settings, updateSettings, onSavePng, canSave }: Props) {
  const pick = (t: Timespan) => updateSettings({ timespan: t });
  const onKey = (e: React.KeyboardEvent, i: number) => {
    const step =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? -1
          : 0;
    if (!step) return;
    e.preventDefault();
    const n = CHART_TIMESPANS.length;
    const next = CHART_TIMESPANS[(i + step + n) % n] as Timespan;
    pick(next);
    const group = e.currentTarget.parentElement;
    (group?.children[(i + step + n) % n] as HTMLElement | undefined)?.focus();
  };
  const intraday = isIntraday(settings.timespan);
  return (
    <div className={styles.toolbar}>
      <div className={`seg ${styles.seg}`} role="radiogroup" aria-label="Timespan">
        {CHART_TIMESPANS.map((t, i) => {
          const on = t === settings.timespan;
          return (
            <button
              key={t}
              type="button"
              role="radio"
              aria-checked={on}
              aria-label={TIMESPAN_LABEL[t].name}
              tabIndex={on ? 0 : -1}
              className={on ? 'seg-btn seg-btn--on' : 'seg-btn'}
              onClick={() => pick(t)}
              onKeyDown={(e) => onKey(e, i)}
            >
              {TIMESPAN_LABEL[t].short}
            </button>
          );
        })}
      </div>
      <div className={`seg ${styles.seg}`} role="group" aria-label="Indicators">
        {INDICATORS.map(({ key, short, name }) => {
          const on = settings.indicators[key];
          const disabled = key === 'vwap' && !intraday;
          return (
            <button
              key={key}
              type="button"
              aria-pressed={on}
              aria-label={name}
              disabled={disabled}
              title={disabled ? 'VWAP restarts each trading day: intraday timespans only' : name}
              className={`seg-btn ${IND_CLASS[key]}${on ? ' seg-btn--on' : ''}`}
              onClick={() => updateSettings({ indicators: { ...settings.indicators, [key]: !on } })}
            >
              {short}
            </button>
          );
        })}
      </div>
      <div className={`seg ${styles.seg}`} role="group" aria-label="Chart options">
        <button
          type="button"
          aria-pressed={settings.scale === 'log'}
          className={settings.scale === 'log' ? 'seg-btn seg-btn--on' : 'seg-btn'}
          onClick={() => updateSettings({ scale: settings.scale === 'log' ? 'linear' : 'log' })}
        >
          Log scale
        </button>
        <button
          type="button"
          aria-pressed={settings.extendedHours}
          disabled={!intraday}
          title={
            intraday ? 'Pre-market and after-hours bars (shaded)' : 'Extended hours: intraday timespans only'
          }
          className={settings.extendedHours ? 'seg-btn seg-btn--on' : 'seg-btn'}
          onClick={() => updateSettings({ extendedHours: !settings.extendedHours })}
        >
          Extended hours
        </button>
        <button type="button" className="seg-btn" disabled={!canSave} onClick={onSavePng}>
          Save PNG
        </button>
      </div>
    </div>
  );
}
