import { z } from 'zod';
import type { ApiErrorShape } from '../errors';
import type { EnvironmentSettings } from '../environments';

// The self-check's report (`bullpen doctor`, Settings → Check connection; docs/doctor.md): one row
// an operation the app uses, run read-only against one environment.

/** What a reader noticed in one reply: a documented or observed wire form, a repair, an unreadable row. */
export interface ReadNote {
  kind: 'form' | 'repaired' | 'unreadable';
  /** Field path inside the reply (`[3].time`). */
  path: string;
  /** What was seen or done, in words (`ISO 8601 time with +0000`). */
  detail: string;
  /** A short, redacted sample of the value. */
  sample?: string;
}

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
  /** The wire forms seen and every repair or unreadable row the readers reported during the step. */
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
