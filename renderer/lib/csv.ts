/**
 * CSV text (RFC 4180): fields quoted where they hold a comma, a quote or a line break, lines ended
 * by CRLF. What a table's "Export CSV" writes (docs/ui.md).
 */
export function csvText(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const cell = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = [header, ...rows].map((r) => r.map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Hands `csv` to the browser's download as the file `name` (Electron asks where to save it). */
export function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
