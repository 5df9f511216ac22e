import { z } from 'zod';
import {
  defaultWorkspaceFile,
  EMPTY_WORKSPACE,
  migrate,
  type WorkspaceFile,
  type WorkspaceInfo,
  type WorkspaceState,
} from '../../shared/ui/workspace';
import {
  createDebouncedJsonWriter,
  movedAsideMessage,
  type StoreWarning,
  readJsonStore,
  writeJsonAtomicSync,
} from '../common/atomic-file-node';

/**
 * Named workspaces in userData/workspace.json (format and versions: docs/ui.md). Layout changes
 * arrive many times a second while a splitter is dragged, so `set` is debounced; switching and
 * saving under a name write at once. A file this build cannot read is moved aside (never lost) and
 * the app starts from the default layout.
 */
export interface WorkspaceStore {
  get(): WorkspaceInfo;
  set(state: WorkspaceState): void;
  saveAs(name: string): WorkspaceInfo;
  switchTo(name: string): WorkspaceInfo;
  reset(): WorkspaceInfo;
  /** Give a workspace another name (the active one stays active under it). */
  rename(from: string, to: string): WorkspaceInfo;
  /** Delete a workspace; deleting the active one switches to the first left. The last one stays. */
  remove(name: string): WorkspaceInfo;
  /** Write what `set` has pending now (shutdown). */
  flush(): void;
}

/** A rename or delete this store refuses: what the user asked for cannot be done, said why. */
export class WorkspaceRefusal extends Error {
  constructor(
    readonly reason: 'not-found' | 'exists' | 'last',
    message: string,
  ) {
    super(message);
  }
}

export interface WorkspaceStoreOptions {
  file: string;
  debounceMs?: number;
  onWarning?: StoreWarning;
}

/** Any earlier version this build can migrate; anything else is moved aside by readJsonStore. */
const workspaceFileSchema = z.unknown().transform((raw, ctx): WorkspaceFile => {
  const migrated = migrate(raw);
  if (migrated.ok) return migrated.file;
  ctx.addIssue({ code: 'custom', message: migrated.reason });
  return z.NEVER;
});

export function createWorkspaceStore(opts: WorkspaceStoreOptions): WorkspaceStore {
  const writer = createDebouncedJsonWriter<WorkspaceFile>(opts.file, opts.debounceMs ?? 400);
  let file = load();

  function load(): WorkspaceFile {
    const read = readJsonStore(opts.file, workspaceFileSchema);
    if (read.status === 'ok') return read.value;
    if (read.status === 'moved-aside') opts.onWarning?.(movedAsideMessage(opts.file, read), 'moved-aside');
    return defaultWorkspaceFile();
  }

  const info = (): WorkspaceInfo => ({
    active: file.active,
    names: Object.keys(file.workspaces).sort((a, b) => a.localeCompare(b)),
    state: file.workspaces[file.active] ?? EMPTY_WORKSPACE,
  });

  /** Immediate write, which also supersedes anything `set` had pending. */
  const writeNow = () => {
    writer.flush();
    writeJsonAtomicSync(opts.file, file);
  };

  return {
    get: info,
    set(state) {
      file = { ...file, workspaces: { ...file.workspaces, [file.active]: state } };
      writer.schedule(file);
    },
    saveAs(name) {
      const current = file.workspaces[file.active] ?? EMPTY_WORKSPACE;
      file = { ...file, active: name, workspaces: { ...file.workspaces, [name]: current } };
      writeNow();
      return info();
    },
    switchTo(name) {
      file = {
        ...file,
        active: name,
        workspaces: { ...file.workspaces, [name]: file.workspaces[name] ?? EMPTY_WORKSPACE },
      };
      writeNow();
      return info();
    },
    reset() {
      file = { ...file, workspaces: { ...file.workspaces, [file.active]: EMPTY_WORKSPACE } };
      writeNow();
      return info();
    },
    rename(from, to) {
      const state = file.workspaces[from];
      if (!state) throw new WorkspaceRefusal('not-found', `There is no workspace named ${from}`);
      if (to === from) return info();
      if (file.workspaces[to]) throw new WorkspaceRefusal('exists', `A workspace named ${to} exists already`);
      // Built anew so the renamed one keeps its place among the others' insertion order.
      const workspaces = Object.fromEntries(
        Object.entries(file.workspaces).map(([n, st]) => (n === from ? [to, st] : [n, st])),
      );
      file = { ...file, active: file.active === from ? to : file.active, workspaces };
      writeNow();
      return info();
    },
    remove(name) {
      if (!file.workspaces[name])
        throw new WorkspaceRefusal('not-found', `There is no workspace named ${name}`);
      const rest = Object.keys(file.workspaces).filter((n) => n !== name);
      if (rest.length === 0) throw new WorkspaceRefusal('last', 'The last workspace cannot be deleted');
      const workspaces = Object.fromEntries(Object.entries(file.workspaces).filter(([n]) => n !== name));
      const first = [...rest].sort((a, b) => a.localeCompare(b))[0] ?? rest[0] ?? file.active;
      const active = file.active === name ? first : file.active;
      file = { ...file, active, workspaces };
      writeNow();
      return info();
    },
    flush: () => writer.flush(),
  };
}
