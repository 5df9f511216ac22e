import { ErrorCodes } from '../../shared/errors';
import type { OpName } from '../../shared/ipc/contract';
import { ApiError } from '../openapi/api-error';
import type { OpHandlerGroup } from './ipc-dispatch';
import { WorkspaceRefusal, type WorkspaceStore } from './workspace-file';

/** `workspace.*`: the workspace file (docs/ui.md "Workspace file"). */
export function workspaceIpc(
  workspaces: WorkspaceStore,
): OpHandlerGroup<Extract<OpName, `workspace.${string}`>> {
  return {
    'workspace.get': () => workspaces.get(),
    'workspace.set': ({ state }) => {
      workspaces.set(state);
      return { saved: true as const };
    },
    'workspace.saveAs': ({ name }) => workspaces.saveAs(name),
    'workspace.switch': ({ name }) => workspaces.switchTo(name),
    'workspace.reset': () => workspaces.reset(),
    'workspace.rename': ({ from, to }) => refusalAsApiError(() => workspaces.rename(from, to)),
    'workspace.remove': ({ name }) => refusalAsApiError(() => workspaces.remove(name)),
  };
}

/** A workspace rename or delete the store refused, as the error the renderer shows. */
function refusalAsApiError<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (!(e instanceof WorkspaceRefusal)) throw e;
    throw new ApiError({
      code: e.reason === 'not-found' ? ErrorCodes.NOT_FOUND : ErrorCodes.INVALID_PARAMETER,
      message: e.message,
      retryable: false,
    });
  }
}
