import { errorMessage } from '../../lib/bridge';

/**
 * The blotter's actions cell, for an order and for a linked group alike: Replace toggles the row's
 * replace form, Cancel sends the cancel, and a refused cancel is said in the cell.
 */
export function OrderActionsCell({
  name,
  open,
  replaceable = true,
  onReplace,
  onCancel,
  cancelling,
  cancelError,
}: {
  /** What the buttons act on, in their accessible names ("Cancel AAPL", "Cancel TSLA bracket"). */
  name: string;
  /** Whether there is anything working to replace or cancel. */
  open: boolean;
  /** An order by amount is not replaced (docs/trading-domain.md "Orders by amount"): Cancel only. */
  replaceable?: boolean;
  onReplace(): void;
  onCancel(): void;
  cancelling: boolean;
  cancelError: unknown;
}) {
  return (
    <td>
      {open && (
        <>
          {replaceable && (
            <button type="button" className="btn" aria-label={`Replace ${name}`} onClick={onReplace}>
              Replace
            </button>
          )}
          <button
            type="button"
            className="btn"
            aria-label={`Cancel ${name}`}
            disabled={cancelling}
            onClick={onCancel}
          >
            Cancel
          </button>
        </>
      )}
      {cancelError ? <span role="alert">{errorMessage(cancelError)}</span> : null}
    </td>
  );
}
