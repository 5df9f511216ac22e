import { createHash, X509Certificate } from 'node:crypto';
import { ErrorCodes } from '../../../shared/errors';
import { isLoopbackHost, type EnvironmentSettings } from '../../../shared/environments';
import type { Settings } from '../../../shared/ipc/app-types';
import type { OpParams } from '../../../shared/openapi/operations';
import { ApiError } from '../../openapi/api-error';
import type { Logger } from '../logger';
import type { OrderOperationId } from '../order-calls';
import { declinedError, tooManyQuestionsError, type Ask, type Question } from './ask';
import { isAllowListedLink } from './external-links';
import { orderQuestion, type OrderLookups } from './order-confirm';
import { createRateGate } from './rate-gate';

/**
 * Main's trust boundary (docs/security.md "Operation classes"): every operation with a real-world
 * effect is decided here, in main, whatever the renderer asked or showed. The renderer may have its
 * own dialog first; script injected into it can skip that dialog, never this one. Native questions
 * go through `ask` (main: `dialog.showMessageBox`), and are themselves limited: one at a time and a
 * few a minute, so a renderer cannot bury the user in dialogs.
 */
export interface TrustGate {
  /** Throws USER_DECLINED unless the order operation may go (Sandbox, within guards, or a yes). */
  order(
    op: OrderOperationId,
    params: OpParams<OrderOperationId>,
    env: EnvironmentSettings,
    lookups: OrderLookups,
  ): Promise<void>;
  selectEnvironment(target: EnvironmentSettings): Promise<void>;
  /** An environment's new or changed settings: TLS refused to the network, new CA and hosts asked about. */
  environmentChange(
    before: EnvironmentSettings | undefined,
    after: EnvironmentSettings,
    newHosts: string[],
  ): Promise<void>;
  removeEnvironment(env: EnvironmentSettings): Promise<void>;
  replaceCredentials(env: EnvironmentSettings, appKeyHint: string | null): Promise<void>;
  clearCredentials(env: EnvironmentSettings, appKeyHint: string | null): Promise<void>;
  /** True when the link may be opened (allow-listed, or the user said yes). */
  externalLink(url: string): Promise<boolean>;
  /** False once the renderer has shown too many notifications in a short time. */
  notification(): boolean;
  /** Throws TOO_MANY_REQUESTS once the renderer has opened too many windows in a short time. */
  window(): void;
  /** A native question raised on the renderer's behalf, under the dialogs' limits. */
  ask(question: Question, what: string): Promise<number>;
}

export interface TrustGateOptions {
  ask: Ask;
  settings: () => Settings;
  logger: Logger;
  now?: () => number;
}

/** Limits on what the renderer may make main show (per rolling window). */
export const TRUST_LIMITS = {
  notifications: { max: 6, windowMs: 10_000 },
  windows: { max: 4, windowMs: 10_000 },
  /** Questions raised; a trader confirming order after order stays well inside it. */
  dialogs: { max: 30, windowMs: 60_000 },
  /** Questions answered No: a renderer the user keeps refusing gets no more for a while. */
  declined: { max: 3, windowMs: 60_000 },
} as const;

const yes = (answer: number, q: Question) => answer !== q.cancelId && answer >= 0;

function certificateWords(pem: string): string {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  return blocks
    .map((block) => {
      try {
        const c = new X509Certificate(block);
        return `${c.subject.replace(/\n/g, ', ')} (SHA-256 ${c.fingerprint256})`;
      } catch (error) {
        void error;
        return `an unreadable certificate (SHA-256 of its text ${createHash('sha256').update(block).digest('hex').slice(0, 16)}…)`;
      }
    })
    .join('\n');
}

export function createTrustGate(opts: TrustGateOptions): TrustGate {
  const notifications = createRateGate({ ...TRUST_LIMITS.notifications, now: opts.now });
  const windows = createRateGate({ ...TRUST_LIMITS.windows, now: opts.now });
  const dialogs = createRateGate({ ...TRUST_LIMITS.dialogs, now: opts.now });
  const declines = createRateGate({ ...TRUST_LIMITS.declined, now: opts.now });
  let open = false;

  const ask = async (question: Question, what: string): Promise<number> => {
    if (open || declines.full() || !dialogs.take()) {
      opts.logger.warn(`trust: refused to raise another dialog (${what})`);
      throw tooManyQuestionsError(what);
    }
    open = true;
    try {
      const answer = await opts.ask(question);
      // Each No counts; past the limit no question is raised until the window has passed.
      if (!yes(answer, question)) declines.take();
      return answer;
    } finally {
      open = false;
    }
  };
  const confirm = async (question: Question, what: string): Promise<void> => {
    if (yes(await ask(question, what), question)) {
      opts.logger.info(`trust: the user confirmed ${what}`);
      return;
    }
    opts.logger.info(`trust: the user declined ${what}`);
    throw declinedError(what);
  };
  const outsideSandbox = (env: EnvironmentSettings) => env.kind !== 'sandbox';

  return {
    ask,
    async order(op, params, env, lookups) {
      if (!outsideSandbox(env)) return;
      const question = await orderQuestion(op, params, env, opts.settings(), lookups);
      if (question) await confirm(question, `${op} at ${env.name}`);
    },
    async selectEnvironment(target) {
      if (!outsideSandbox(target)) return;
      await confirm(
        {
          title: 'Switch environment',
          message: `Switch to "${target.name}"?`,
          detail: `Bullpen will sign requests for ${new URL(target.apiBaseUrl).host} with the credentials stored for it; orders you place go to that account.`,
          buttons: ['Cancel', 'Switch'],
          cancelId: 0,
          defaultId: 0,
        },
        `switching to ${target.name}`,
      );
    },
    async environmentChange(before, after, newHosts) {
      const eventsHost = after.eventsAddress.replace(/:\d+$/, '');
      if (!after.eventsTls && !isLoopbackHost(eventsHost))
        throw new ApiError({
          code: ErrorCodes.INVALID_INPUT,
          field: 'eventsTls',
          message: `eventsTls: the events stream to ${eventsHost} must use TLS (signed metadata would travel in cleartext); plaintext is only allowed to this machine`,
          retryable: false,
        });
      if (newHosts.length > 0)
        await confirm(
          {
            title: 'Custom environment',
            message: `Send signed requests to ${newHosts.join(', ')}?`,
            detail:
              'These hosts are not a Webull region. Bullpen signs every request with your app secret; only go on if you trust them.',
            buttons: ['Cancel', 'Use these hosts'],
            cancelId: 0,
            defaultId: 0,
          },
          `sending signed requests to ${newHosts.join(', ')}`,
        );
      if (after.caCertificate !== undefined && after.caCertificate !== before?.caCertificate)
        await confirm(
          {
            title: 'Trust a certificate',
            message: `Trust this certificate authority for "${after.name}"?`,
            detail: `${certificateWords(after.caCertificate)}\nBullpen will accept any server it vouches for on HTTPS, quotes and trade events. Only go on if you put it there yourself.`,
            buttons: ['Cancel', 'Trust it'],
            cancelId: 0,
            defaultId: 0,
          },
          `trusting a new certificate authority for ${after.name}`,
        );
    },
    async removeEnvironment(env) {
      await confirm(
        {
          title: 'Remove environment',
          message: `Remove "${env.name}" and forget its credentials?`,
          detail: 'Its app key, secret and access token are erased from this computer.',
          buttons: ['Cancel', 'Remove'],
          cancelId: 0,
          defaultId: 0,
        },
        `removing ${env.name}`,
      );
    },
    async replaceCredentials(env, hint) {
      if (!outsideSandbox(env) || hint === null) return;
      await confirm(
        {
          title: 'Replace credentials',
          message: `Replace the app key ${hint} stored for "${env.name}"?`,
          buttons: ['Cancel', 'Replace'],
          cancelId: 0,
          defaultId: 0,
        },
        `replacing the credentials of ${env.name}`,
      );
    },
    async clearCredentials(env, hint) {
      if (!outsideSandbox(env) || hint === null) return;
      await confirm(
        {
          title: 'Forget credentials',
          message: `Forget the app key ${hint}, its secret and access token for "${env.name}"?`,
          buttons: ['Cancel', 'Forget'],
          cancelId: 0,
          defaultId: 0,
        },
        `forgetting the credentials of ${env.name}`,
      );
    },
    async externalLink(url) {
      if (isAllowListedLink(url)) return true;
      const question: Question = {
        title: 'Open link',
        message: `Open ${new URL(url).host} in your browser?`,
        detail: `${url.length > 300 ? `${url.slice(0, 300)}…` : url}\nThis site is not Webull's or a filings site.`,
        buttons: ['Cancel', 'Open'],
        cancelId: 0,
        defaultId: 0,
      };
      return yes(await ask(question, `opening ${new URL(url).host}`), question);
    },
    notification: () => notifications.take(),
    window() {
      if (!windows.take()) throw tooManyQuestionsError('opening windows');
    },
  };
}
