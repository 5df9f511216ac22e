import { ModalDialog } from '../../ui/ModalDialog';
import { useOverlays } from './palette-store';
import { SHORTCUTS } from './shortcuts';
import styles from './Palette.module.css';

/** The `?` overlay: every keyboard shortcut, by where it works. */
export function ShortcutsHelp() {
  const open = useOverlays((s) => s.help);
  const hide = useOverlays((s) => s.hide);
  if (!open) return null;
  const sections = [...new Set(SHORTCUTS.map((s) => s.section))];
  return (
    <ModalDialog className={styles.help} labelledBy="shortcuts-title" onClose={hide}>
      <header className={styles.head}>
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <span className="spacer" />
        <button type="button" className="icon-btn" aria-label="Close keyboard shortcuts" onClick={hide}>
          ✕
        </button>
      </header>
      <div className={styles.helpBody}>
        {sections.map((section) => (
          <section key={section} aria-labelledby={`shortcuts-${section}`}>
            <h3 id={`shortcuts-${section}`} className={styles.section}>
              {section}
            </h3>
            <dl className={styles.keys}>
              {SHORTCUTS.filter((s) => s.section === section).map((s) => (
                <div key={s.what} className={styles.keyRow}>
                  <dt>
                    {s.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 && <span className={styles.or}> or </span>}
                        <kbd className="kbd">{k}</kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>{s.what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </ModalDialog>
  );
}
