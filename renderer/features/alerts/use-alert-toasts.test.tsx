// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/settings-defaults';
import { resetAlertSound } from './alert-sound';
import type { AlertsState, PriceAlert } from '../../../shared/ipc/alerts';
import { useAlertToasts } from './use-alert-toasts';

function fakeBridge(settings?: { sounds: boolean }) {
  const listeners: Array<(d: unknown) => void> = [];
  window.bullpen = {
    invoke: (op) =>
      op === 'settings.get' && settings
        ? Promise.resolve({ ok: true, value: { ...DEFAULT_SETTINGS, sounds: settings.sounds } })
        : Promise.reject(new Error('no calls here')),
    subscribe(stream, _params, onData) {
      if (stream === 'alerts') listeners.push(onData);
      return () => undefined;
    },
  };
  return (state: AlertsState) =>
    act(() => {
      for (const l of listeners) l(state);
    });
}

function Harness() {
  useAlertToasts();
  return <Toaster />;
}

const alert = (id: string, patch: Partial<PriceAlert>): PriceAlert => ({
  id,
  environmentId: 'sandbox',
  symbol: 'AAPL',
  category: 'US_STOCK',
  condition: { kind: 'above', price: '190' },
  status: 'armed',
  createdAt: 1,
  ...patch,
});
const FIRED = {
  status: 'triggered' as const,
  triggeredAt: Date.parse('2026-11-18T15:31:00Z'),
  triggerPrice: '190.25',
};

afterEach(() => {
  cleanup();
  delete window.bullpen;
  resetAlertSound();
  vi.unstubAllGlobals();
});

/** A Web Audio stand-in that records each oscillator's start and stop (jsdom has no audio). */
function fakeAudio() {
  const tones: Array<{ frequency: number; start?: number; stop?: number; loop: boolean }> = [];
  const param = () => ({
    value: 0,
    setValueAtTime: () => undefined,
    linearRampToValueAtTime: () => undefined,
  });
  class FakeContext {
    currentTime = 10;
    state = 'running';
    destination = {};
    resume = () => Promise.resolve();
    createGain = () => ({ gain: param(), connect: (d: unknown) => d });
    createOscillator = () => {
      const tone = { frequency: 0, loop: false } as (typeof tones)[number];
      tones.push(tone);
      return {
        type: '',
        frequency: {
          set value(v: number) {
            tone.frequency = v;
          },
        },
        connect: (d: unknown) => d,
        start: (t: number) => (tone.start = t),
        stop: (t: number) => (tone.stop = t),
      };
    };
  }
  vi.stubGlobal('AudioContext', FakeContext);
  return tones;
}

describe('alert toasts', () => {
  it('toasts an alert that fires while the window is open, not one that had fired before', async () => {
    const emit = fakeBridge();
    render(<Harness />);
    emit({ environmentId: 'sandbox', alerts: [alert('old', { ...FIRED, symbol: 'MSFT' }), alert('a1', {})] });
    emit({
      environmentId: 'sandbox',
      alerts: [alert('old', { ...FIRED, symbol: 'MSFT' }), alert('a1', FIRED)],
    });
    expect(await screen.findByText('Price alert: AAPL')).toBeTruthy();
    expect(screen.getByText(/AAPL at or above 190 · last 190\.25 · Nov 18, 10:31:00 ET/)).toBeTruthy();
    expect(screen.queryByText('Price alert: MSFT')).toBeNull();
    // The same fire delivered again raises nothing new.
    emit({
      environmentId: 'sandbox',
      alerts: [alert('old', { ...FIRED, symbol: 'MSFT' }), alert('a1', FIRED)],
    });
    expect(screen.getAllByText('Price alert: AAPL')).toHaveLength(1);
  });

  it('with Sounds on, each fire plays one short chime that stops by itself', async () => {
    const tones = fakeAudio();
    const emit = fakeBridge({ sounds: true });
    render(<Harness />);
    emit({ environmentId: 'sandbox', alerts: [alert('old', FIRED), alert('a1', {}), alert('a2', {})] });
    emit({ environmentId: 'sandbox', alerts: [alert('old', FIRED), alert('a1', FIRED), alert('a2', {})] });
    await vi.waitFor(() => expect(tones).toHaveLength(2));
    // Two tones of 0.15 s and 0.17 s, each with its stop set as it starts: nothing loops.
    expect(tones.map((t) => [t.frequency, t.start, t.stop])).toEqual([
      [880, 10, 10.15],
      [1320, 10.18, 10.35],
    ]);
    // The same state again is no new fire; a second alert firing is one more chime.
    emit({ environmentId: 'sandbox', alerts: [alert('old', FIRED), alert('a1', FIRED), alert('a2', {})] });
    emit({ environmentId: 'sandbox', alerts: [alert('old', FIRED), alert('a1', FIRED), alert('a2', FIRED)] });
    await vi.waitFor(() => expect(tones).toHaveLength(4));
  });

  it('with Sounds off (the default), a fire is a toast and no sound', async () => {
    const tones = fakeAudio();
    const settings = { sounds: DEFAULT_SETTINGS.sounds };
    expect(settings.sounds).toBe(false);
    const emit = fakeBridge(settings);
    render(<Harness />);
    emit({ environmentId: 'sandbox', alerts: [alert('a1', {}), alert('a2', {})] });
    emit({ environmentId: 'sandbox', alerts: [alert('a1', FIRED), alert('a2', {})] });
    expect(await screen.findByText('Price alert: AAPL')).toBeTruthy();
    // Sounds turned on, then a second fire: its chime is the only one (fires are read in order).
    settings.sounds = true;
    emit({ environmentId: 'sandbox', alerts: [alert('a1', FIRED), alert('a2', FIRED)] });
    await vi.waitFor(() => expect(tones.length).toBeGreaterThan(0));
    expect(tones).toHaveLength(2);
  });
});
