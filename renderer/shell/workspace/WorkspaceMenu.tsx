import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { WorkspaceInfo } from '../../../shared/ui/workspace';
import { checkWorkspaceName } from '../../../shared/ui/workspace-rules';
import { errorMessage, invoke } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';
import { PANELS } from '../panels/registry';
import { LAYOUT_TEMPLATES } from './default-layout';
import { applyLayoutTemplate, openPanel, useDockControl } from './dock-control';
import styles from './WorkspaceMenu.module.css';

type WorkspaceChange =
  | { op: 'switch' | 'saveAs' | 'remove'; name: string }
  | { op: 'rename'; from: string; name: string }
  | { op: 'reset' };

/**
 * The top bar's workspace menu: add any registered panel, switch between named workspaces, save
 * the current one under a name, rename or delete it, reset it to the default layout.
 */
export function WorkspaceMenu() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const nameId = useId();
  const nameErrorId = useId();
  const queryClient = useQueryClient();
  const workspace = useQuery(apiQuery('workspace.get', {}, { staleTime: Infinity, gcTime: Infinity }));
  const api = useDockControl((s) => s.api);

  const apply = (info: WorkspaceInfo, action: WorkspaceChange) => {
    queryClient.setQueryData(apiQuery('workspace.get', {}).queryKey, info);
    // A rename keeps the same layout on screen; everything else may show another one.
    if (action.op !== 'rename') useDockControl.getState().reload();
    setConfirmDelete(false);
    setName('');
    setOpen(false);
  };
  // Pending layout changes are saved first, so they land in the workspace they were made in.
  const change = useMutation({
    mutationFn: async (action: WorkspaceChange) => {
      await useDockControl.getState().flush();
      switch (action.op) {
        case 'reset':
          return invoke('workspace.reset');
        case 'rename':
          return invoke('workspace.rename', { from: action.from, to: action.name });
        case 'remove':
          return invoke('workspace.remove', { name: action.name });
        default:
          return invoke(action.op === 'switch' ? 'workspace.switch' : 'workspace.saveAs', {
            name: action.name,
          });
      }
    },
    onSuccess: (info, action) => apply(info, action),
  });

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  const active = workspace.data?.active ?? '…';
  return (
    <div className={styles.root} ref={root}>
      <button
        type="button"
        className="btn"
        aria-expanded={open}
        aria-haspopup="true"
        aria-label={`Workspace: ${active}`}
        onClick={() => setOpen((o) => !o)}
      >
        ▦ {active}
      </button>
      {open && (
        <div className={styles.menu} role="group" aria-label="Workspace menu">
          <div className={styles.section} role="group" aria-label="Add panel">
            <span className={styles.heading}>Add panel</span>
            {PANELS.map((p) => (
              <button
                key={p.id}
                type="button"
                className={styles.item}
                disabled={!api}
                onClick={() => {
                  if (api) openPanel(api, p.id);
                  setOpen(false);
                }}
              >
                Add {p.title}
              </button>
            ))}
          </div>
          <div className={styles.section} role="group" aria-label="Workspaces">
            <span className={styles.heading}>Workspaces</span>
            {(workspace.data?.names ?? []).map((n) => (
              <button
                key={n}
                type="button"
                className={styles.item}
                aria-current={n === active ? 'true' : undefined}
                onClick={() => change.mutate({ op: 'switch', name: n })}
              >
                {n === active ? '✓ ' : ''}
                {n}
              </button>
            ))}
            <form
              className={styles.saveAs}
              onSubmit={(e) => {
                e.preventDefault();
                // The same rule main applies (shared/ui/workspace-rules.ts), said at the field.
                const checked = checkWorkspaceName(name);
                if (!checked.ok) setNameError(checked.problem);
                else change.mutate({ op: 'saveAs', name: checked.name });
              }}
            >
              <label htmlFor={nameId} className="visually-hidden">
                Workspace name
              </label>
              <input
                id={nameId}
                className="input"
                placeholder="Name"
                value={name}
                maxLength={64}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? nameErrorId : undefined}
                onChange={(e) => {
                  setName(e.target.value);
                  setNameError(undefined);
                }}
              />
              <button type="submit" className="btn">
                Save as
              </button>
              <button
                type="button"
                className="btn"
                aria-label={`Rename ${active}`}
                onClick={() => {
                  const checked = checkWorkspaceName(name);
                  if (!checked.ok) setNameError(checked.problem);
                  else change.mutate({ op: 'rename', from: active, name: checked.name });
                }}
              >
                Rename
              </button>
              {nameError && (
                <span id={nameErrorId} className={styles.fieldError}>
                  {nameError}
                </span>
              )}
            </form>
            {confirmDelete ? (
              <div className={styles.confirm} role="group" aria-label={`Delete workspace ${active}?`}>
                <span>Delete {active}?</span>
                <button
                  type="button"
                  className="btn btn--danger"
                  disabled={change.isPending}
                  onClick={() => change.mutate({ op: 'remove', name: active })}
                >
                  Delete
                </button>
                <button type="button" className="btn" onClick={() => setConfirmDelete(false)}>
                  Keep
                </button>
              </div>
            ) : (
              <button
                type="button"
                className={styles.item}
                // The last workspace cannot go (main refuses it too).
                disabled={(workspace.data?.names.length ?? 0) < 2}
                onClick={() => setConfirmDelete(true)}
              >
                Delete workspace {active}…
              </button>
            )}
            <button type="button" className={styles.item} onClick={() => change.mutate({ op: 'reset' })}>
              Reset to default layout
            </button>
            {LAYOUT_TEMPLATES.map((t) => (
              <button
                key={t.id}
                type="button"
                className={styles.item}
                disabled={!api}
                onClick={() => {
                  void applyLayoutTemplate(t.id);
                  setOpen(false);
                }}
              >
                Use the {t.title} layout
              </button>
            ))}
          </div>
          {change.error && (
            <div className={styles.error} role="alert">
              {errorMessage(change.error)}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
