import styles from './Orders.module.css';

/** A blotter table's header row: numeric columns are right-aligned, as their cells are. */
export function TableHead({ columns }: { columns: ReadonlyArray<string | { num: string }> }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.num} scope="col" className={styles.num}>
              {c.num}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
