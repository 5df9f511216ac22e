import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../common/atomic-file-node';
import type { DoctorReport, DoctorStepResult } from './doctor';

const MARK: Record<DoctorStepResult['status'], string> = { ok: 'ok', failed: 'FAILED', skipped: 'skipped' };

/** One line a step, as the CLI prints it and as the report's text form starts. */
export function formatStep(s: DoctorStepResult): string {
  const latency = s.latencyMs === undefined ? '' : ` ${s.latencyMs} ms`;
  const what =
    s.status === 'failed' ? `${s.error?.code ?? 'ERROR'}: ${s.error?.message ?? ''}` : (s.detail ?? '');
  const lines = [`${MARK[s.status].padEnd(7)} ${s.label}${latency} — ${what}`];
  if (s.hint) lines.push(`        ${s.hint}`);
  for (const n of s.notes)
    lines.push(
      `        ${n.kind} ${n.reader} ${n.path} ×${n.count}: ${n.sample}${n.why ? ` (${n.why})` : ''}`,
    );
  return lines.join('\n');
}

export const formatSummary = (r: DoctorReport): string =>
  `${r.environment.name} (${r.environment.apiBaseUrl}, ${r.environment.algorithm}, x-version ${r.environment.xVersion}): ` +
  `${r.summary.ok} ok, ${r.summary.failed} failed, ${r.summary.skipped} skipped`;

/**
 * Saves the report as JSON where a user can find and attach it; the name carries the environment
 * and the UTC time, so runs never overwrite each other. The report is already redacted by runDoctor.
 */
export async function saveDoctorReport(report: DoctorReport, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const stamp = report.startedAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const safeId = report.environment.id.replace(/[^A-Za-z0-9_-]/g, '_');
  const file = join(dir, `bullpen-doctor-${safeId}-${stamp}.json`);
  await writeFileAtomic(file, `${JSON.stringify(report, null, 2)}\n`, 0o644);
  return file;
}
