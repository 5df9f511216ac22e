import { useId, useState } from 'react';
import type { InstrumentHit } from '../../../shared/ipc/instrument-search';
import { useInstrumentSearch } from '../../lib/use-instrument-search';
import styles from './Watchlist.module.css';

/**
 * An ARIA combobox over `instruments.search`: type, move with the arrows, Enter adds the active
 * result (the first when none is active), Escape closes the list.
 */
export function SymbolSearch({
  onPick,
  label = 'Add symbol',
}: {
  onPick: (hit: InstrumentHit) => void;
  label?: string;
}) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const results = useInstrumentSearch(text, 10);
  const hits = results.hits;
  const shown = open && text.trim().length > 0;

  const pick = (hit: InstrumentHit | undefined) => {
    if (!hit) return;
    onPick(hit);
    setText('');
    setActive(-1);
    setOpen(false);
  };

  return (
    <div className={styles.search}>
      <input
        className="input"
        role="combobox"
        aria-label={label}
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder="Add symbol…"
        value={text}
        maxLength={32}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(hits.length - 1, i + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(0, i - 1));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            pick(hits[active >= 0 ? active : 0]);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {shown && (
        <ul id={listId} role="listbox" aria-label="Search results" className={styles.results}>
          {results.isFetching && hits.length === 0 && <li className={styles.hint}>Searching…</li>}
          {results.error ? <li className={styles.hint}>Search failed: {results.error.message}</li> : null}
          {!results.isFetching && !results.error && hits.length === 0 && results.current && (
            <li className={styles.hint}>No instrument matches “{text.trim()}”</li>
          )}
          {hits.map((h, i) => (
            <li
              key={`${h.category}:${h.symbol}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? `${styles.option} ${styles.optionActive}` : styles.option}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(h);
              }}
            >
              <span className={styles.optSymbol}>{h.symbol}</span>
              <span className={styles.optName}>{h.name}</span>
              <span className={styles.optCat}>{h.category === 'US_ETF' ? 'ETF' : 'Stock'}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
