import type { OrderPreview } from '../../../shared/openapi/records/orders';
import { formatCashFlow, formatMoney } from '../../lib/format';
import { isBuyingPowerWarning, previewCash } from './buying-power';
import styles from './OptionTicket.module.css';

/** The broker's preview of the order on screen, in the one money format (renderer/lib/format.ts). */
export function PreviewFigures({ preview }: { preview: OrderPreview }) {
  // A warning about buying power is shown at the quantity, in words (buying-power.ts).
  const others = (preview.warnings ?? []).filter((w) => !isBuyingPowerWarning(w));
  return (
    <>
      <dl className={styles.preview} aria-label="Preview">
        <dt>Estimated amount</dt>
        <dd>{formatCashFlow(previewCash(preview).toFixed(2))}</dd>
        <dt>Commission</dt>
        <dd>{formatMoney(preview.estimated_commission)}</dd>
        {preview.estimated_fees && (
          <>
            <dt>Fees</dt>
            <dd>{formatMoney(preview.estimated_fees)}</dd>
          </>
        )}
        {preview.buying_power_after && (
          <>
            <dt>Buying power after</dt>
            <dd>{formatMoney(preview.buying_power_after)}</dd>
          </>
        )}
      </dl>
      {others.length ? (
        <ul className={styles.warnings} aria-label="Preview warnings">
          {others.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
