import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/bridge';
import { text } from '../../lib/unit-format';
import { SimpleTable, type SimpleColumn } from './parts';
import { useOpenExternal } from './use-fundamental';
import styles from './Fundamentals.module.css';

interface DocumentRow {
  url?: string | null;
  title?: string | null;
}

/**
 * A table of documents (filings, fund files) whose title opens the document in the system browser
 * (main accepts https links only); a title without a link is plain text. Columns go around the title.
 */
export function DocumentsTable<R extends DocumentRow>({
  caption,
  rows,
  rowKey,
  before,
  after = [],
}: {
  caption: string;
  rows: R[];
  rowKey(row: R, index: number): string;
  before: SimpleColumn<R>[];
  after?: SimpleColumn<R>[];
}): ReactNode {
  const open = useOpenExternal();
  const title: SimpleColumn<R> = {
    label: 'Title',
    show: (r) =>
      r.url ? (
        <button type="button" className={styles.link} onClick={() => open.mutate(r.url ?? '')}>
          {text(r.title)}
        </button>
      ) : (
        text(r.title)
      ),
  };
  return (
    <>
      {open.error && <p role="alert">Could not open: {errorMessage(open.error)}</p>}
      <SimpleTable caption={caption} rows={rows} rowKey={rowKey} columns={[...before, title, ...after]} />
    </>
  );
}
