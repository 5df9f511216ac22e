import { Decimal } from '../../../shared/decimal';
import { breakeven, payoffCurve, type LegFigures } from './ticket-math';

const W = 280;
const H = 120;

/** Profit and loss at expiry across underlying prices (SVG): the zero line, the curve, the breakeven. */
export function PayoffChart({ leg, spot }: { leg: LegFigures; spot: string | undefined }) {
  const k = new Decimal(leg.strike);
  const centre = spot ? new Decimal(spot) : k;
  const half = Decimal.max(centre.times('0.2'), new Decimal(leg.premium).times(3), 1);
  const pts = payoffCurve(leg, centre.minus(half), centre.plus(half), 60);
  if (pts.length < 2) return null;
  const first = pts[0];
  const last = pts[pts.length - 1];
  if (!first || !last) return null;
  const pnls = pts.map((p) => p.pnl.toNumber());
  const top = Math.max(0, ...pnls);
  const bottom = Math.min(0, ...pnls);
  const range = top - bottom || 1;
  const x0 = first.price.toNumber();
  const xr = last.price.toNumber() - x0 || 1;
  const x = (p: number) => ((p - x0) / xr) * W;
  const y = (v: number) => H - ((v - bottom) / range) * H;
  const path = pts
    .map((p, i) => `${i ? 'L' : 'M'}${x(p.price.toNumber()).toFixed(1)},${y(p.pnl.toNumber()).toFixed(1)}`)
    .join(' ');
  const be = breakeven(leg).toNumber();
  return (
    <figure className="payoff">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        height={H}
        role="img"
        aria-label={`Payoff at expiry, breakeven ${breakeven(leg).toFixed(2)}`}
      >
        <line x1={0} x2={W} y1={y(0)} y2={y(0)} stroke="var(--border, #888)" strokeDasharray="3 3" />
        {be >= x0 && be <= x0 + xr && (
          <line x1={x(be)} x2={x(be)} y1={0} y2={H} stroke="var(--muted, #999)" strokeDasharray="2 4" />
        )}
        <path d={path} fill="none" stroke="var(--accent, #4c8dff)" strokeWidth={2} />
      </svg>
      <figcaption>
        Payoff at expiry, {first.price.toFixed(0)}–{last.price.toFixed(0)}
      </figcaption>
    </figure>
  );
}
