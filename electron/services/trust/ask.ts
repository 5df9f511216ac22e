import { ErrorCodes } from '../../../shared/errors';
import { ApiError } from '../../openapi/api-error';

/**
 * A question main puts to the user in a native dialog (main: Electron `dialog.showMessageBox`),
 * injected so the trust decisions run and are tested in plain Node. Resolves the index of the
 * button chosen; `cancelId` when the box was dismissed.
 */
export interface Question {
  title: string;
  message: string;
  detail?: string;
  buttons: string[];
  /** The button that means "no": picked by Escape and by closing the box. */
  cancelId: number;
  defaultId?: number;
}
export type Ask = (question: Question) => Promise<number>;

/** Without a dialog every question answers "no": a missing confirmation never lets anything through. */
export const askNobody: Ask = (q) => Promise.resolve(q.cancelId);

export const declinedError = (what: string) =>
  new ApiError({
    code: ErrorCodes.USER_DECLINED,
    message: `You declined: ${what}. Nothing was changed.`,
    retryable: false,
  });

export const tooManyQuestionsError = (what: string) =>
  new ApiError({
    code: ErrorCodes.TOO_MANY_REQUESTS,
    message: `${what}: too many requests in a short time; try again in a minute`,
    retryable: false,
  });
