import { z } from 'zod';
import type { ApiErrorShape } from '../errors';
import type { EnvironmentSettings } from '../environments';
import type { ReaderEvent } from '../openapi/read-reply';

// The self-check's report (`bullpen doctor`, Settings → Check connection; docs/doctor.md): one row
// an operation the app uses, run read-only against one environment.

/**
 * What the client's readers noticed in one reply (shared/openapi/read-reply.ts): a value in a form
 * other than the interface text's that was read (`repaired`: ISO text for a time, scientific
 * notation, a receipt), or a row that could not be read and was skipped, with its field path, how
 * many values and a redacted sample.
 */
export type ReadNote = ReaderEvent;

export type StepStatus = 'ok' | 'failed' | 'skipped';

export interface DoctorStepResult {
  id: string;
  label: string;
  operation?: string;
  status: StepStatus;
  /** Wall time of the step, ms (absent when skipped). */
  latencyMs?: number;
  /** One line of what was seen (ok), or why it was skipped. */
  detail?: string;
  error?: ApiErrorShape;
  /** What the user can do about a failure, in words. */
  hint?: string;
  /** Every wire form the readers had to repair and every row they skipped during the step. */
  notes: ReadNote[];
}

export interface DoctorReport {
  tool: 'bullpen doctor';
  version: string;
  /** ISO 8601, UTC. */
  startedAt: string;
  environment: Pick<
    EnvironmentSettings,
    'id' | 'name' | 'apiBaseUrl' | 'quotesUrl' | 'eventsAddress' | 'algorithm' | 'xVersion'
  >;
  symbol: string;
  steps: DoctorStepResult[];
  summary: Record<StepStatus, number>;
}

/** `connection.check`: the environment to check; absent: the active one. */
export const connectionCheckInput = z
  .object({ environmentId: z.string().min(1).max(64).optional() })
  .strict()
  .default({});

/** What `connection.check` answers: the report and where it was saved. */
export interface ConnectionCheckResult {
  report: DoctorReport;
  file: string;
}
