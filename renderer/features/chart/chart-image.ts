/**
 * Save PNG: the chart's canvas under a header that says what it shows (symbol, timespan, the time
 * zone of its axis, the bar's OHLC and each indicator's value, in their line colours), on the
 * panel's own background: the chart draws on a transparent canvas, which an image viewer shows as
 * white, so light text on it was unreadable.
 */

export interface ImageHeader {
  title: string;
  /** Smaller lines under the title; a part with a colour is drawn in it (an indicator's line colour). */
  lines: ReadonlyArray<ReadonlyArray<{ text: string; color?: string }>>;
}

export interface ImageTheme {
  background: string;
  text: string;
  dim: string;
  font: string;
}

const PAD = 10;
const TITLE_PX = 15;
const LINE_PX = 12;
const GAP = 6;

/** The header's height in CSS pixels. */
const headerHeight = (header: ImageHeader): number =>
  PAD * 2 + TITLE_PX + header.lines.length * (LINE_PX + GAP);

/** A new canvas: background, header, then the chart's pixels below it. */
export function composeChartImage(
  chart: HTMLCanvasElement,
  header: ImageHeader,
  theme: ImageTheme,
  doc: Document = document,
): HTMLCanvasElement {
  const scale = chart.width > 0 && chart.clientWidth > 0 ? chart.width / chart.clientWidth : 1;
  const top = Math.round(headerHeight(header) * scale);
  const out = doc.createElement('canvas');
  out.width = chart.width;
  out.height = chart.height + top;
  const ctx = out.getContext('2d');
  if (!ctx) return chart;
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.scale(scale, scale);
  ctx.textBaseline = 'top';
  ctx.fillStyle = theme.text;
  ctx.font = `600 ${TITLE_PX}px ${theme.font}`;
  ctx.fillText(header.title, PAD, PAD);
  ctx.font = `${LINE_PX}px ${theme.font}`;
  header.lines.forEach((parts, i) => {
    let x = PAD;
    const y = PAD + TITLE_PX + GAP + i * (LINE_PX + GAP);
    for (const part of parts) {
      ctx.fillStyle = part.color ?? theme.dim;
      ctx.fillText(part.text, x, y);
      x += ctx.measureText(part.text).width + 12;
    }
  });
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(chart, 0, top);
  return out;
}
