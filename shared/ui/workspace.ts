import { z } from 'zod';
import { category, symbol } from '../openapi/primitives';
import { DEFAULT_WORKSPACE_NAME, LINK_GROUP_IDS, LINK_GROUPS, WORKSPACE_NAME } from './workspace-rules';

// The plain values live in workspace-rules.ts, which the renderer's first screen reads without zod.
export {
  checkWorkspaceName,
  DEFAULT_WORKSPACE_NAME,
  type LinkGroup,
  type LinkGroupId,
} from './workspace-rules';

/**
 * The workspace file (userData/workspace.json): named workspaces, each the dock layout, every
 * panel instance's settings and link group, and each link group's instrument. Versioned: `migrate`
 * turns anything older into the current shape (docs/ui.md lists the versions).
 */
export const WORKSPACE_VERSION = 1;

const instrumentSchema = z.object({ symbol, category });
export type Instrument = z.output<typeof instrumentSchema>;

const panelStateSchema = z.object({
  /** The registry id (shared/ui/panels.ts); kept as a string so a removed panel does not void the file. */
  panel: z.string().min(1).max(64),
  settings: z.record(z.string(), z.unknown()),
  group: z.enum(LINK_GROUP_IDS),
  /** The panel's own instrument while unlinked. */
  instrument: instrumentSchema.optional(),
});
export type PanelState = z.output<typeof panelStateSchema>;

const workspaceStateSchema = z.object({
  /** dockview's `toJSON()`; null means "the default layout". Opaque here: dockview validates it. */
  layout: z.record(z.string(), z.unknown()).nullable(),
  panels: z.record(z.string().min(1).max(128), panelStateSchema),
  groups: z.partialRecord(z.enum(LINK_GROUPS), instrumentSchema),
});
export type WorkspaceState = z.output<typeof workspaceStateSchema>;

export const EMPTY_WORKSPACE: WorkspaceState = { layout: null, panels: {}, groups: {} };

export const workspaceName = z
  .string()
  .trim()
  .min(1, WORKSPACE_NAME.empty)
  .max(WORKSPACE_NAME.max, WORKSPACE_NAME.tooLong)
  .regex(WORKSPACE_NAME.printable, WORKSPACE_NAME.control);

const workspaceFileSchema = z.object({
  version: z.literal(WORKSPACE_VERSION),
  active: workspaceName,
  workspaces: z.record(workspaceName, workspaceStateSchema),
});
export type WorkspaceFile = z.output<typeof workspaceFileSchema>;

export function defaultWorkspaceFile(): WorkspaceFile {
  return {
    version: WORKSPACE_VERSION,
    active: DEFAULT_WORKSPACE_NAME,
    workspaces: { [DEFAULT_WORKSPACE_NAME]: EMPTY_WORKSPACE },
  };
}

export type MigrateResult = { ok: true; file: WorkspaceFile } | { ok: false; reason: string };

/**
 * Any stored workspace file to the current version. Version 0 is an unversioned single workspace
 * (`{ layout, panels, groups }`): it becomes the "Default" workspace. A newer version than this
 * build knows, or a file that fits no version, is refused (the caller keeps a copy and starts over).
 */
export function migrate(raw: unknown): MigrateResult {
  if (raw === null || typeof raw !== 'object') return { ok: false, reason: 'not an object' };
  const version = (raw as { version?: unknown }).version;
  let candidate: unknown = raw;
  if (version === undefined) {
    const single = workspaceStateSchema.safeParse(raw);
    if (!single.success) return { ok: false, reason: `version 0: ${single.error.message}` };
    candidate = {
      version: WORKSPACE_VERSION,
      active: DEFAULT_WORKSPACE_NAME,
      workspaces: { [DEFAULT_WORKSPACE_NAME]: single.data },
    };
  } else if (typeof version !== 'number' || version > WORKSPACE_VERSION) {
    return { ok: false, reason: `unknown version ${JSON.stringify(version)}` };
  }
  const parsed = workspaceFileSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, reason: parsed.error.message };
  const file = parsed.data;
  if (!file.workspaces[file.active]) file.workspaces[file.active] = EMPTY_WORKSPACE;
  return { ok: true, file };
}

/** What `workspace.*` operations answer: the active workspace and the names to switch to. */
export interface WorkspaceInfo {
  active: string;
  names: string[];
  state: WorkspaceState;
}

export const setWorkspaceInput = z.object({ state: workspaceStateSchema });
export const workspaceRef = z.object({ name: workspaceName });
export const renameWorkspaceInput = z.object({ from: workspaceName, to: workspaceName });
