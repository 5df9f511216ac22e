import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StateBody } from '../../ui/StateBody';
import { decimalOf, MISSING } from '../../lib/unit-format';
import styles from './Fundamentals.module.css';

/** One tab's query states around its content ("—" inside for each missing field). */
export function Loaded<T>({
  query,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  empty?(data: T): boolean;
  children(data: T): ReactNode;
}) {
  const data = query.data;
  return (
    <StateBody
      error={query.error}
      onRetry={() => void query.refetch()}
      loading={query.isLoading && `Loading ${what}…`}
      empty={data !== undefined && empty?.(data) === true && `No ${what} for this instrument`}
    >
      {data !== undefined && children(data)}
    </StateBody>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.heading}>{title}</h3>
      {children}
    </section>
  );
}

/** Label/value pairs as a description list. */
export function Fields({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className={styles.fields}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.field}>
          <dt>{label}</dt>
          <dd>{value === undefined || value === null || value === '' ? MISSING : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface SimpleColumn<R> {
  label: string;
  numeric?: boolean;
  show(row: R): ReactNode;
}

export function SimpleTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  onChoose,
  chooseLabel,
}: {
  caption: string;
  columns: SimpleColumn<R>[];
  rows: R[];
  rowKey(row: R, index: number): string;
  onChoose?(row: R): void;
  chooseLabel?(row: R): string;
}) {
  return (
    <div className={styles.scrollX}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? styles.num : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const choosable = onChoose ? { tabIndex: 0, className: styles.choosable } : {};
            return (
              <tr
                key={rowKey(r, i)}
                {...choosable}
                aria-label={chooseLabel?.(r)}
                onClick={onChoose && (() => onChoose(r))}
                onKeyDown={
                  onChoose &&
                  ((e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      onChoose(r);
                    }
                  })
                }
              >
                {columns.map((c) => (
                  <td key={c.label} className={c.numeric ? styles.num : undefined}>
                    {c.show(r) ?? MISSING}
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

/**
 * A small SVG chart of one or two series over labelled points: bars for the first series, dots for
 * the second (estimate vs actual, NAV). Missing values draw nothing. Pixel maths uses numbers:
 * it only places shapes, no figure shown or sent comes from it.
 */
export function MiniChart({
  title,
  labels,
  series,
  kind = 'bar',
}: {
  title: string;
  labels: string[];
  series: Array<{ name: string; values: Array<string | undefined>; className: string }>;
  kind?: 'bar' | 'line';
}) {
  const W = 320;
  const H = 110;
  const pad = 14;
  const nums = series.map((s) => s.values.map((v) => decimalOf(v)?.toNumber()));
  const all = nums.flat().filter((v): v is number => v !== undefined);
  if (all.length === 0) return <p className={styles.note}>No figures to chart.</p>;
  const min = Math.min(0, ...all);
  const max = Math.max(0, ...all);
  const span = max - min || 1;
  const y = (v: number) => pad + (H - 2 * pad) * (1 - (v - min) / span);
  const step = (W - 2 * pad) / Math.max(1, labels.length);
  const x = (i: number) => pad + step * i + step / 2;
  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`${title}: ${series.map((s) => s.name).join(' and ')}`}
      >
        <line x1={pad} x2={W - pad} y1={y(0)} y2={y(0)} className={styles.axis} />
        {nums.map((vals, si) =>
          kind === 'line' && si === 0 ? (
            <polyline
              key={si}
              className={`${styles.line} ${series[si]?.className ?? ''}`}
              points={vals
                .map((v, i) => (v === undefined ? undefined : `${x(i)},${y(v)}`))
                .filter(Boolean)
                .join(' ')}
            />
          ) : (
            vals.map((v, i) =>
              v === undefined ? null : si === 0 ? (
                <rect
                  key={`${si}-${i}`}
                  className={series[si]?.className}
                  x={x(i) - step * 0.3}
                  width={step * 0.6}
                  y={Math.min(y(v), y(0))}
                  height={Math.max(1, Math.abs(y(v) - y(0)))}
                />
              ) : (
                <circle key={`${si}-${i}`} className={series[si]?.className} cx={x(i)} cy={y(v)} r={3} />
              ),
            )
          ),
        )}
        {labels.map((l, i) =>
          labels.length <= 12 || i % Math.ceil(labels.length / 8) === 0 ? (
            <text key={l + i} x={x(i)} y={H - 2} className={styles.tick} textAnchor="middle">
              {l}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className={styles.legend}>
        {title}:{' '}
        {series.map((s) => (
          <span key={s.name} className={s.className}>
            ■ {s.name}{' '}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
