import type { KeyboardEvent, ReactNode } from 'react';
import styles from './DataTable.module.css';

/** One column of a `DataTable`: how a row shows in it, right-aligned when numeric, toned (up/down). */
export interface TableColumn<R> {
  key: string;
  label: string;
  numeric?: boolean;
  /** Display text. */
  show(row: R): ReactNode;
  /** A class for the cell (`up`, `down`, `flat`: docs/ui.md "Styles"). */
  tone?(row: R): string | undefined;
}

export interface TableSort {
  key: string;
  dir: 'ASC' | 'DESC';
}

/**
 * A dense research table: column headers are buttons that sort (aria-sort on the header), each
 * row is focusable and chosen with a click, Enter or Space.
 */
export function DataTable<R, C extends TableColumn<R> = TableColumn<R>>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  sortable,
  onSort,
  onChoose,
  chooseLabel,
  selectedKey,
}: {
  caption: string;
  columns: C[];
  rows: R[];
  rowKey(row: R): string;
  sort?: TableSort;
  sortable(column: C): boolean;
  onSort(sort: TableSort): void;
  onChoose(row: R): void;
  chooseLabel(row: R): string;
  selectedKey?: string;
}) {
  const onKey = (e: KeyboardEvent, row: R) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onChoose(row);
    }
  };
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const active = sort?.key === c.key;
              const ariaSort = active ? (sort.dir === 'ASC' ? 'ascending' : 'descending') : undefined;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={ariaSort}
                  className={c.numeric ? styles.num : undefined}
                >
                  {sortable(c) ? (
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={() =>
                        onSort({ key: c.key, dir: active && sort.dir === 'DESC' ? 'ASC' : 'DESC' })
                      }
                    >
                      {c.label}
                      <span aria-hidden="true">{active ? (sort.dir === 'ASC' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const key = rowKey(r);
            return (
              <tr
                key={key}
                tabIndex={0}
                aria-label={chooseLabel(r)}
                aria-current={key === selectedKey ? 'true' : undefined}
                className={key === selectedKey ? `${styles.row} ${styles.selected}` : styles.row}
                onClick={() => onChoose(r)}
                onKeyDown={(e) => onKey(e, r)}
              >
                {columns.map((c) => (
                  <td key={c.key} className={`${c.numeric ? styles.num : ''} ${c.tone?.(r) ?? ''}`}>
                    {c.show(r)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
