import { randomBytes, X509Certificate } from 'node:crypto';
import { z } from 'zod';
import {
  environmentSettings,
  INTERFACE_OPTION_RULES,
  regionEnvironment,
  type EnvironmentSettings,
} from '../../shared/environments';
import { ErrorCodes } from '../../shared/errors';
import type { EnvironmentsState } from '../../shared/ipc/app-types';
import type { OpParsedInput } from '../../shared/ipc/contract';
import { invalidInput } from '../../shared/ipc/validate';
import { ApiError } from '../openapi/api-error';
import { SANDBOX_ID } from './opens-on-sandbox';
import {
  movedAsideMessage,
  readJsonStore,
  writeJsonAtomicSync,
  type StoreWarning,
} from '../common/atomic-file-node';

/**
 * The environments list (docs/shell.md): the built-in "Sandbox" (always first, not editable, its
 * hosts known only once the embedded sandbox has started) and the user's region presets and
 * custom host sets, persisted in userData/environments.json with the active choice.
 */
export { SANDBOX_ID };

// Entries are checked one by one (below): one that today's rules refuse (say an http:// host saved
// before plaintext was limited to loopback) must not take the others down with it.
const fileSchema = z.object({
  version: z.literal(1),
  activeId: z.string(),
  custom: z.array(z.unknown()),
});

/** Placeholder hosts of the sandbox before it has started (ports are chosen at start). */
export function sandboxEnvironment(running?: {
  apiUrl: string;
  mqttUrl: string;
  eventsAddress: string;
  algorithm: EnvironmentSettings['algorithm'];
}): EnvironmentSettings {
  return {
    id: SANDBOX_ID,
    name: 'Sandbox',
    kind: 'sandbox',
    apiBaseUrl: running?.apiUrl ?? 'http://127.0.0.1',
    quotesUrl: running?.mqttUrl ?? 'mqtt://127.0.0.1',
    eventsAddress: running?.eventsAddress ?? '127.0.0.1:0',
    eventsTls: false,
    algorithm: running?.algorithm ?? 'HMAC-SHA1',
    xVersion: 'v2',
    accountListPath: '/openapi/account/list',
    pathScheme: 'openapi',
    // Both order forms and the interface text's option rules: the sandbox serves either, so the
    // app's own tests exercise the unified endpoints with the category header.
    optionOrders: 'unified',
    optionRules: INTERFACE_OPTION_RULES,
    signHostWithPort: true,
  };
}

const notEditable = () =>
  new ApiError({
    code: ErrorCodes.INVALID_INPUT,
    message: 'id: the Sandbox environment cannot be edited or removed',
    retryable: false,
  });
const unknownEnv = (id: string) =>
  new ApiError({
    code: ErrorCodes.NOT_FOUND,
    message: `id: no environment ${JSON.stringify(id)}`,
    status: 404,
    retryable: false,
  });

/**
 * The shared schema checks a CA certificate's shape only; here it is parsed as X.509, every block
 * of a bundle, so a certificate no TLS stack would load is refused at input, naming the field.
 */
function checkCertificate(pem: string | undefined, field: string): void {
  if (pem === undefined) return;
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new ApiError({
        code: ErrorCodes.INVALID_INPUT,
        message: `${field}: not a readable X.509 certificate (${why})`,
        retryable: false,
      });
    }
  }
}

export interface EnvironmentStore {
  state(): EnvironmentsState;
  get(id: string): EnvironmentSettings | undefined;
  activeId(): string;
  add(input: OpParsedInput<'environments.add'>): EnvironmentSettings;
  update(input: OpParsedInput<'environments.update'>): EnvironmentSettings;
  remove(id: string): EnvironmentsState;
  select(id: string): EnvironmentsState;
  setSandbox(settings: EnvironmentSettings): void;
}

export function createEnvironmentStore(file: string, onWarning?: StoreWarning): EnvironmentStore {
  // A file that fails its schema is moved aside (never overwritten) and reported.
  const read = readJsonStore(file, fileSchema);
  if (read.status === 'moved-aside') onWarning?.(movedAsideMessage(file, read), 'moved-aside');
  const parsed = read.status === 'ok' ? read.value : undefined;
  const custom: EnvironmentSettings[] = [];
  // Kept out of use but written back unchanged, so a rule change never deletes what the user saved.
  const refused: unknown[] = [];
  for (const entry of parsed?.custom ?? []) {
    const env = environmentSettings.safeParse(entry);
    if (env.success) custom.push(env.data);
    else refused.push(entry);
  }
  let activeId =
    parsed && (parsed.activeId === SANDBOX_ID || custom.some((e) => e.id === parsed.activeId))
      ? parsed.activeId
      : SANDBOX_ID;
  let sandbox = sandboxEnvironment();

  const save = () => writeJsonAtomicSync(file, { version: 1, activeId, custom: [...custom, ...refused] });
  const all = () => [sandbox, ...custom];
  const state = (): EnvironmentsState => ({ environments: all(), activeId });
  const freshId = (prefix: string) => {
    let id = prefix;
    const refusedIds = refused.map((e) =>
      typeof e === 'object' && e !== null ? (e as { id?: unknown }).id : undefined,
    );
    while (all().some((e) => e.id === id) || refusedIds.includes(id))
      id = `${prefix}-${randomBytes(3).toString('hex')}`;
    return id;
  };

  return {
    state,
    get: (id) => all().find((e) => e.id === id),
    activeId: () => activeId,
    add(input) {
      const env: EnvironmentSettings =
        input.source === 'region'
          ? {
              ...regionEnvironment(input.region, freshId(`region-${input.region}`)),
              ...(input.name ? { name: input.name } : {}),
            }
          : { ...input.settings, id: freshId('custom'), kind: 'custom' };
      if (input.source === 'custom') checkCertificate(input.settings.caCertificate, 'settings.caCertificate');
      custom.push(env);
      save();
      return env;
    },
    update({ id, patch }) {
      if (id === SANDBOX_ID) throw notEditable();
      const index = custom.findIndex((e) => e.id === id);
      const current = custom[index];
      if (!current) throw unknownEnv(id);
      // The patch alone was validated; the merged whole must be valid too, or it is the caller's input error.
      const merged = environmentSettings.safeParse({ ...current, ...patch, id, kind: 'custom' });
      if (!merged.success) throw new ApiError(invalidInput(merged.error, 'environments.update'));
      const next = merged.data;
      checkCertificate(patch.caCertificate, 'patch.caCertificate');
      custom[index] = next;
      save();
      return next;
    },
    remove(id) {
      if (id === SANDBOX_ID) throw notEditable();
      const index = custom.findIndex((e) => e.id === id);
      if (index < 0) throw unknownEnv(id);
      custom.splice(index, 1);
      if (activeId === id) activeId = SANDBOX_ID;
      save();
      return state();
    },
    select(id) {
      if (!all().some((e) => e.id === id)) throw unknownEnv(id);
      activeId = id;
      save();
      return state();
    },
    setSandbox(settings) {
      sandbox = settings;
    },
  };
}
