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
} from '../common/atomic-file';

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
  /** Write what `set` has pending now (shutdown). */
  flush(): void;
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
    flush: () => writer.flush(),
  };
}
