import type { ReactNode } from 'react';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import { formatPrice } from '../../lib/format';
import { orderSize } from './order-text';
import { formatEtDayTimeLabelled, formatEtLabelled, formatLocal } from '../../lib/time';
import styles from './Orders.module.css';

/**
 * An order's cells in the blotter's column order, up to the actions: time, what it is, status, side,
 * type, quantity, filled, limit, stop, average fill. `dated`: the row may be from another day, so
 * its time carries the date.
 */
export function OrderCells({
  order: o,
  dated,
  contract,
  status,
  type,
}: {
  order: OrderRecord;
  dated: boolean;
  contract: ReactNode;
  status?: string;
  type?: string;
}) {
  return (
    <>
      <td title={formatLocal(o.place_time)}>
        {dated ? formatEtDayTimeLabelled(o.place_time) : formatEtLabelled(o.place_time)}
      </td>
      <td>{contract}</td>
      <td>{status ?? o.status}</td>
      <td>{o.side}</td>
      <td>{type ?? o.order_type}</td>
      <td className={styles.num}>{orderSize(o)}</td>
      <td className={styles.num}>{o.filled_quantity}</td>
      <td className={styles.num}>{formatPrice(o.limit_price)}</td>
      <td className={styles.num}>{formatPrice(o.stop_price)}</td>
      <td className={styles.num}>{formatPrice(o.avg_fill_price)}</td>
    </>
  );
}
