import { z } from 'zod';
import type { ApiErrorShape } from '../errors';
import type { EnvironmentSettings } from '../environments';
import {
  OPERATION_IDS,
  operations,
  type OperationId,
  type Operations,
  type OpResult,
} from '../openapi/operations';
import {
  addEnvironmentInput,
  credentialsRef,
  environmentRef,
  notifyInput,
  openExternalInput,
  openPanelInput,
  linkPublishInput,
  setCredentialsInput,
  settingsPatchSchema,
  updateEnvironmentInput,
  type ConnectionStatus,
  type CredentialsStatus,
  type EnvironmentsState,
  type RateBudget,
  type Settings,
  type TokenStatusInfo,
} from './app-types';
import { renameWorkspaceInput, setWorkspaceInput, workspaceRef, type WorkspaceInfo } from '../ui/workspace';
import { instrumentSearchInput, type InstrumentHit } from './instrument-search';
import { alertRef, createAlertInput, updateAlertInput, type AlertsState, type PriceAlert } from './alerts';
import type { FirstScreen } from '../ui/first-watchlists';
import { connectionCheckInput, type ConnectionCheckResult } from './doctor';
import { apiOpClass, type OpClass } from './op-classes';

export * from './app-types';
export * from './streams';
export * from './instrument-search';
export * from './alerts';
export * from './doctor';
export * from './op-classes';

/**
 * THE IPC contract (docs/architecture.md "One catalogue, three users"): every operation the renderer may invoke, declared once with
 * its zod input schema and its output type. Main validates with `input`; the renderer's bridge is
 * typed from `IpcOps`. `output` is a type-only marker (never read at run time).
 */
interface OpDecl<I extends z.ZodType, O> {
  input: I;
  /** Type-only: the value of a successful reply. */
  readonly output?: O;
  summary: string;
  /** Read, local preference or real-world effect (op-classes.ts): what main's trust boundary asks. */
  opClass: OpClass;
}
const decl =
  <O>() =>
  <I extends z.ZodType>(input: I, summary: string, opClass: OpClass): OpDecl<I, O> => ({
    input,
    summary,
    opClass,
  });

/**
 * Catalogue operations the main process keeps to itself: the handshake and the access-token calls
 * (their replies carry the access token, which must stay in main like the secret) and
 * the streaming routing calls (they need main's MQTT session id). The renderer gets their effects
 * through `token.status`, the `tokenProgress` stream and the `quotes` stream instead.
 */
export const MAIN_ONLY_OPERATIONS = [
  'openApiConfig',
  'tokenCreate',
  'tokenCheck',
  'tokenRefresh',
  'streamingSubscribe',
  'streamingUnsubscribe',
] as const satisfies readonly OperationId[];
type MainOnly = (typeof MAIN_ONLY_OPERATIONS)[number];
export type RendererApiOperationId = Exclude<OperationId, MainOnly>;

/** `api.<opId>`: the catalogue's own params schema and reply type, no second copy. */
type ApiOps = {
  [K in RendererApiOperationId as `api.${K}`]: OpDecl<Operations[K]['params'], OpResult<K>>;
};

const mainOnly = new Set<string>(MAIN_ONLY_OPERATIONS);
export const RENDERER_API_OPERATION_IDS = OPERATION_IDS.filter(
  (id) => !mainOnly.has(id),
) as RendererApiOperationId[];

const apiOps = Object.fromEntries(
  RENDERER_API_OPERATION_IDS.map((id) => [
    `api.${id}`,
    { input: operations[id].params, summary: operations[id].summary, opClass: apiOpClass(id) },
  ]),
) as ApiOps;

const none = z.object({}).default({});

const appOps = {
  'settings.get': decl<Settings>()(none, 'Read the app settings', 'read'),
  'settings.set': decl<Settings>()(settingsPatchSchema, 'Change some app settings', 'preference'),
  'settings.openOrderGuards': decl<Settings>()(
    none,
    "Open main's own settings for order confirmations and guards (native dialogs)",
    'preference',
  ),
  'environments.list': decl<EnvironmentsState>()(none, 'List environments and the active one', 'read'),
  'environments.add': decl<EnvironmentSettings>()(
    addEnvironmentInput,
    'Add a region preset or custom environment',
    'effect',
  ),
  'environments.update': decl<EnvironmentSettings>()(
    updateEnvironmentInput,
    'Edit a user-defined environment',
    'effect',
  ),
  'environments.remove': decl<EnvironmentsState>()(
    environmentRef,
    'Remove a user-defined environment',
    'effect',
  ),
  'environments.select': decl<EnvironmentsState>()(environmentRef, 'Switch the active environment', 'effect'),
  'credentials.status': decl<CredentialsStatus>()(
    credentialsRef,
    'Whether an app key and secret are stored (never the secret)',
    'read',
  ),
  'credentials.set': decl<CredentialsStatus>()(
    setCredentialsInput,
    'Store app key and secret (write-only secret)',
    'effect',
  ),
  'credentials.clear': decl<CredentialsStatus>()(
    credentialsRef,
    'Forget app key, secret and access token',
    'effect',
  ),
  'connection.check': decl<ConnectionCheckResult>()(
    connectionCheckInput,
    'Run the read-only self-check of every operation against an environment; saves a report file',
    'read',
  ),
  'token.status': decl<TokenStatusInfo>()(none, 'Access-token state of the active environment', 'read'),
  'budget.get': decl<RateBudget>()(none, 'Market Data rate-limit budget', 'read'),
  'connection.status': decl<ConnectionStatus>()(none, 'API, quotes and events link state', 'read'),
  'window.openPanel': decl<{ windowId: number }>()(openPanelInput, 'Open a panel in a new window', 'effect'),
  'links.publish': decl<{ delivered: boolean }>()(
    linkPublishInput,
    "Tell the other windows a link group's instrument",
    'preference',
  ),
  'shell.openExternal': decl<{ opened: boolean }>()(
    openExternalInput,
    'Open an https link in the browser',
    'effect',
  ),
  'notify.show': decl<{ shown: boolean }>()(notifyInput, 'Show an OS notification', 'effect'),
  'workspace.get': decl<WorkspaceInfo>()(none, 'The active workspace (layout, panels, link groups)', 'read'),
  'workspace.set': decl<{ saved: true }>()(
    setWorkspaceInput,
    'Save the active workspace (debounced)',
    'preference',
  ),
  'workspace.saveAs': decl<WorkspaceInfo>()(
    workspaceRef,
    'Copy the active workspace under a name',
    'preference',
  ),
  'workspace.switch': decl<WorkspaceInfo>()(
    workspaceRef,
    'Make a named workspace the active one',
    'preference',
  ),
  'workspace.reset': decl<WorkspaceInfo>()(
    none,
    'Put the active workspace back to the default layout',
    'preference',
  ),
  'workspace.rename': decl<WorkspaceInfo>()(
    renameWorkspaceInput,
    'Give a named workspace another name',
    'preference',
  ),
  'workspace.remove': decl<WorkspaceInfo>()(
    workspaceRef,
    'Delete a named workspace (never the last one)',
    'preference',
  ),
  'watchlist.firstScreen': decl<FirstScreen>()(
    none,
    "The active workspace's watchlists with their members and snapshots, in one reply",
    'read',
  ),
  'instruments.search': decl<InstrumentHit[]>()(
    instrumentSearchInput,
    'Search instruments by symbol or name (cached index of stocks and ETFs)',
    'read',
  ),
  'alerts.list': decl<AlertsState>()(none, "The active environment's price alerts", 'read'),
  'alerts.create': decl<PriceAlert>()(
    createAlertInput,
    'Set a price alert (armed, watched in main)',
    'preference',
  ),
  'alerts.update': decl<PriceAlert>()(
    updateAlertInput,
    "Edit an alert's symbol, condition or note",
    'preference',
  ),
  'alerts.remove': decl<{ removed: true }>()(alertRef, 'Delete a price alert', 'preference'),
  'alerts.rearm': decl<PriceAlert>()(alertRef, 'Arm a triggered alert again', 'preference'),
} as const;

export const ipcOps = { ...apiOps, ...appOps };
type IpcOps = typeof ipcOps;
export type OpName = keyof IpcOps;
export type OpInput<K extends OpName> = z.input<IpcOps[K]['input']>;
export type OpParsedInput<K extends OpName> = z.output<IpcOps[K]['input']>;
export type OpOutput<K extends OpName> = IpcOps[K] extends OpDecl<z.ZodType, infer O> ? O : never;
export const OP_NAMES = Object.keys(ipcOps) as OpName[];

/**
 * Per-call options beside the input (the third argument of `bullpen:invoke`), validated in main.
 * `priority: 'background'` lets a timed refresh queue behind every user click at the Market Data
 * rate limiter (docs/openapi-client.md "Priorities"); absent means 'user'.
 */
export const invokeOptions = z
  .object({ priority: z.enum(['user', 'background']).optional() })
  .strict()
  .nullish()
  .transform((v) => v ?? {});
export type InvokeOptions = z.input<typeof invokeOptions>;

/** Every invoke reply: a value or the one error shape (shared/errors.ts). Nothing is thrown across. */
export type IpcReply<T> = { ok: true; value: T } | { ok: false; error: ApiErrorShape };

export function isOpName(name: unknown): name is OpName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(ipcOps, name);
}
