import { errorMessage } from '../../lib/bridge';
import { ConfirmOrderDialog } from './ConfirmOrderDialog';
import type { ConfirmedPlace } from './use-confirmed-place';
import type { PlaceOnce } from './use-place-once';
import styles from '../../ui/Ticket.module.css';

/**
 * Every order ticket's footer, inside its form: a server error no field shows, what was sent,
 * Preview and Place (the form's submit), and the confirmation dialog Place opens.
 */
export function TicketActions({
  ticket,
  place,
  error,
  onPreview,
  placeClassName,
}: {
  ticket: PlaceOnce;
  place: ConfirmedPlace;
  /** A server error no field of the ticket shows, if any. */
  error: unknown;
  onPreview(): void;
  /** The Place button's own look (the stock ticket colours it by side). */
  placeClassName?: string;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className={styles.formError}>
          {errorMessage(error)}
        </p>
      ) : null}
      {ticket.placedId && (
        <p role="status">
          Order sent: {ticket.placedId}
          {ticket.placed ? ' · change the ticket to place another' : ''}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className="btn" onClick={onPreview} disabled={ticket.previewPending}>
          Preview
        </button>
        <button
          type="submit"
          className={placeClassName ? `btn primary ${placeClassName}` : 'btn primary'}
          disabled={place.disabled}
        >
          Place
        </button>
      </div>
      <ConfirmOrderDialog text={place.confirming} onCancel={place.cancel} onConfirm={place.confirm} />
    </>
  );
}
