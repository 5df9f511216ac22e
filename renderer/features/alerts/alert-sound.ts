/**
 * The price-alert chime (docs/ui.md "Alerts"): two short sine tones made with Web Audio, so nothing
 * is fetched (no file, nothing for the Content-Security-Policy to allow) and nothing loops: each
 * oscillator is told when to stop as it starts, and the whole sound lasts 0.35 s. One AudioContext
 * a window, made on the first fire.
 */
type AudioContextLike = Pick<
  AudioContext,
  'currentTime' | 'destination' | 'createOscillator' | 'createGain' | 'resume' | 'state'
>;

let context: AudioContextLike | undefined;

/** The tones: frequency (Hz), start and length (s) from now. */
const CHIME = [
  { frequency: 880, at: 0, length: 0.15 },
  { frequency: 1320, at: 0.18, length: 0.17 },
] as const;

export function playAlertSound(
  makeContext: () => AudioContextLike | undefined = () =>
    typeof AudioContext === 'undefined' ? undefined : new AudioContext(),
): void {
  context ??= makeContext();
  const ctx = context;
  if (!ctx) return;
  // A context made before the window's first gesture starts suspended (Chromium's autoplay rule).
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const now = ctx.currentTime;
  for (const tone of CHIME) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = tone.frequency;
    // A short fade in and out, so the tone does not click.
    gain.gain.setValueAtTime(0, now + tone.at);
    gain.gain.linearRampToValueAtTime(0.2, now + tone.at + 0.01);
    gain.gain.linearRampToValueAtTime(0, now + tone.at + tone.length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now + tone.at);
    osc.stop(now + tone.at + tone.length);
  }
}

/** Forgets the window's context (tests). */
export function resetAlertSound(): void {
  context = undefined;
}
