import { printableText } from '../text';

/**
 * The workspace file's plain values and its name rule, without a schema library: the renderer's
 * first screen (link groups, the workspace menu) reads them without evaluating zod (docs/ui.md
 * "Start"); shared/ui/workspace.ts builds the file's schemas from them.
 */

/** Colour link groups; `none` is "unlinked" (the panel keeps its own instrument). */
export const LINK_GROUPS = ['red', 'green', 'blue', 'yellow'] as const;
export type LinkGroup = (typeof LINK_GROUPS)[number];
export const LINK_GROUP_IDS = [...LINK_GROUPS, 'none'] as const;
export type LinkGroupId = (typeof LINK_GROUP_IDS)[number];

export const DEFAULT_WORKSPACE_NAME = 'Default';

/** A workspace name: trimmed, 1 to 64 characters, no control characters. */
export const WORKSPACE_NAME = {
  max: 64,
  printable: printableText,
  empty: 'a workspace needs a name',
  tooLong: 'a workspace name has at most 64 characters',
  control: 'a workspace name has no control characters',
} as const;

/**
 * The name rule main applies (workspaceName in shared/ui/workspace.ts, built from WORKSPACE_NAME),
 * said without zod: the trimmed name, or the first problem in the schema's order.
 */
export function checkWorkspaceName(raw: string): { ok: true; name: string } | { ok: false; problem: string } {
  const name = raw.trim();
  if (name.length < 1) return { ok: false, problem: WORKSPACE_NAME.empty };
  if (name.length > WORKSPACE_NAME.max) return { ok: false, problem: WORKSPACE_NAME.tooLong };
  if (!WORKSPACE_NAME.printable.test(name)) return { ok: false, problem: WORKSPACE_NAME.control };
  return { ok: true, name };
}
