import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { describeCondition, type PriceAlert } from '../../../shared/ipc/contract';
import { Panel } from '../../ui/Panel';
import { errorMessage, invoke } from '../../lib/bridge';
import { formatEtDayTimeLabelled, formatLocal } from '../../lib/time';
import { useAlertDraft } from './alert-draft';
import { useAlerts } from './use-alerts';
import { EMPTY_FORM, formFromAlert, type AlertFormValues } from './alert-form';
import { AlertForm } from './AlertForm';
import styles from './Alerts.module.css';

function EtTime({ ms }: { ms: number | undefined }) {
  if (!ms) return <span className="dim">—</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={formatLocal(ms)} className="num">
      {formatEtDayTimeLabelled(ms)}
    </time>
  );
}

function AlertRow(props: { alert: PriceAlert; onEdit(): void; onError(message: string): void }) {
  const { alert } = props;
  const [asking, setAsking] = useState(false);
  const what = `${alert.symbol} ${describeCondition(alert.condition)}`;
  const onError = (e: unknown) => props.onError(errorMessage(e));
  const remove = useMutation({
    mutationFn: () => invoke('alerts.remove', { id: alert.id }),
    onError,
    onSettled: () => setAsking(false),
  });
  const rearm = useMutation({ mutationFn: () => invoke('alerts.rearm', { id: alert.id }), onError });
  return (
    <tr data-alert={alert.id} data-status={alert.status}>
      <th scope="row" className={styles.sym}>
        {alert.symbol}
      </th>
      <td>
        {describeCondition(alert.condition)}
        {alert.note && <span className="dim"> · {alert.note}</span>}
      </td>
      <td>
        <span className={`pill ${alert.status === 'triggered' ? 'pill--up' : ''}`}>
          {alert.status === 'triggered' ? `Triggered at ${alert.triggerPrice ?? '—'}` : 'Armed'}
        </span>
      </td>
      <td>
        <EtTime ms={alert.createdAt} />
      </td>
      <td>
        <EtTime ms={alert.triggeredAt} />
      </td>
      <td className={styles.actions}>
        {asking ? (
          <span role="group" aria-label={`Remove alert ${what}?`}>
            <button
              type="button"
              className="btn btn--danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Remove
            </button>
            <button type="button" className="btn" autoFocus onClick={() => setAsking(false)}>
              Keep
            </button>
          </span>
        ) : (
          <>
            <button type="button" className="btn" aria-label={`Edit alert ${what}`} onClick={props.onEdit}>
              Edit
            </button>
            {alert.status === 'triggered' && (
              <button
                type="button"
                className="btn"
                aria-label={`Re-arm alert ${what}`}
                disabled={rearm.isPending}
                onClick={() => rearm.mutate()}
              >
                Re-arm
              </button>
            )}
            <button
              type="button"
              className="btn btn--danger-ghost"
              aria-label={`Remove alert ${what}`}
              onClick={() => setAsking(true)}
            >
              Remove
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

/**
 * Price alerts of the active environment (docs/ui.md "Alerts"). Main evaluates them on its own
 * quote subscriptions; this panel lists, adds, edits, re-arms and removes them. A request from a
 * watchlist row, the chart or the command palette fills the form and moves focus to it.
 */
export function AlertsPanel() {
  const state = useAlerts();
  const [editing, setEditing] = useState<PriceAlert>();
  const [form, setForm] = useState<{ values: AlertFormValues; key: number }>({ values: EMPTY_FORM, key: 0 });
  const [failure, setFailure] = useState<string>();
  const symbolRef = useRef<HTMLInputElement>(null);
  const seq = useAlertDraft((s) => s.seq);

  /** Set when a request or an Edit should land the keyboard in the (re-mounted) form. */
  const wantFocus = useRef(false);

  useEffect(() => {
    const draft = useAlertDraft.getState().take();
    if (!draft) return;
    setEditing(undefined);
    wantFocus.current = true;
    setForm((f) => ({ values: { ...EMPTY_FORM, ...draft }, key: f.key + 1 }));
  }, [seq]);

  const loaded = state !== undefined;
  useEffect(() => {
    // The form is only drawn once the list has arrived: wait for it.
    if (!wantFocus.current || !symbolRef.current) return undefined;
    wantFocus.current = false;
    symbolRef.current.focus();
    // A panel the dock has just added is activated a frame later, which moves focus to its tab:
    // take it back once, on the next frame.
    const frame = requestAnimationFrame(() => symbolRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [form.key, loaded]);

  const startEdit = (alert: PriceAlert) => {
    setEditing(alert);
    wantFocus.current = true;
    setForm((f) => ({ values: formFromAlert(alert), key: f.key + 1 }));
  };
  const done = () => {
    setEditing(undefined);
    setForm((f) => ({ values: EMPTY_FORM, key: f.key + 1 }));
  };

  const alerts = state?.alerts ?? [];
  const armed = alerts.filter((a) => a.status === 'armed').length;
  return (
    <Panel
      title="Alerts"
      className={styles.panel}
      meta={state ? `${armed} armed · ${alerts.length - armed} triggered · times ET` : undefined}
      loading={state ? false : 'Loading alerts…'}
    >
      <AlertForm key={form.key} initial={form.values} editing={editing} symbolRef={symbolRef} onDone={done} />
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      {alerts.length === 0 ? (
        <p className="loading" role="status">
          No alerts yet
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-label="Price alerts">
            <thead>
              <tr>
                <th scope="col">Symbol</th>
                <th scope="col">Condition</th>
                <th scope="col">Status</th>
                <th scope="col">Created (ET)</th>
                <th scope="col">Triggered (ET)</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {alerts.map((a) => (
                <AlertRow key={a.id} alert={a} onEdit={() => startEdit(a)} onError={setFailure} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
