import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { DoctorStepResult } from '../../../shared/ipc/contract';
import { errorMessage, invoke } from '../../lib/bridge';
import { formatEtDateTimeLabelled } from '../../lib/time';
import styles from './Settings.module.css';

const STATUS_TEXT: Record<DoctorStepResult['status'], string> = {
  ok: 'OK',
  failed: 'Failed',
  skipped: 'Skipped',
};

/**
 * Check connection: main runs the read-only tour of every operation the app uses against this
 * environment (`bullpen doctor`, docs/doctor.md) and saves the report as a file to attach to a bug
 * report; the table shows each operation's status, latency and what was seen or what to do.
 */
export function ConnectionCheckSection({ environmentId }: { environmentId: string }) {
  const ids = useId();
  const check = useMutation({ mutationFn: () => invoke('connection.check', { environmentId }) });
  const result = check.data;
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h3 className={styles.sectionTitle} id={`${ids}-title`}>
        Connection check
        <span className={styles.sectionNote}>read-only: no order, no edit</span>
      </h3>
      <div className={styles.actions}>
        <button type="button" className="btn" disabled={check.isPending} onClick={() => check.mutate()}>
          {check.isPending ? 'Checking every operation…' : 'Check connection'}
        </button>
        {result && (
          <span className={result.report.summary.failed === 0 ? 'ok' : 'down'} role="status">
            {result.report.summary.ok} ok, {result.report.summary.failed} failed,{' '}
            {result.report.summary.skipped} skipped
          </span>
        )}
      </div>
      {check.error && (
        <div className={styles.formError} role="alert">
          {errorMessage(check.error)}
        </div>
      )}
      {result && (
        <>
          <table className={styles.checkTable} aria-label="Connection check results">
            <thead>
              <tr>
                <th scope="col">Operation</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  ms
                </th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {result.report.steps.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.label}</th>
                  <td className={s.status === 'ok' ? 'ok' : s.status === 'failed' ? 'down' : 'dim'}>
                    {STATUS_TEXT[s.status]}
                  </td>
                  <td className="num mono">{s.latencyMs ?? '—'}</td>
                  <td>
                    {s.status === 'failed' ? (
                      <>
                        <span className="mono">{s.error?.code}</span> {s.error?.message}
                        {s.hint && <div className="dim">{s.hint}</div>}
                      </>
                    ) : (
                      s.detail
                    )}
                    {s.notes.map((n, i) => (
                      <div key={i} className="dim">
                        {n.kind === 'skipped' ? 'skipped row' : `read a ${n.reader} form`} at{' '}
                        <span className="mono">{n.path}</span> ×{n.count}:{' '}
                        <span className="mono">{n.sample}</span>
                        {n.why && ` (${n.why})`}
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.fieldHint}>
            Checked {formatEtDateTimeLabelled(Date.parse(result.report.startedAt))}. Report saved (no secret
            or token in it): <span className="mono">{result.file}</span>
          </p>
        </>
      )}
    </section>
  );
}
