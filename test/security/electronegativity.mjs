#!/usr/bin/env node
// Electronegativity (Doyensec's Electron security scanner) over the built app in out/ and over the
// TypeScript sources in electron/ (some checks only see the sources' shape). It is run
// through `npm exec` in its own prefix, never from the project's node_modules: it breaks when it
// shares them with a newer TypeScript. Every finding above LOW must be justified in
// docs/security.md (the "Electronegativity findings" table: check id and the flagged code), or this
// fails. It needs the npm registry the first time; without it this fails with a clear message.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const VERSION = '1.10.3';
const ELECTRON = '41.7.1';
const root = new URL('../../', import.meta.url).pathname;
const out = join(root, 'out');

if (!existsSync(join(out, 'main', 'index.js'))) {
  console.error('electronegativity: out/ is not built; run `npm run build` first');
  process.exit(1);
}

const prefix = join(tmpdir(), 'bullpen-electronegativity');
mkdirSync(prefix, { recursive: true });

/** One scan of `input`: the report's text, or exit with a clear message when the scanner cannot run. */
function scan(input) {
  const report = join(mkdtempSync(join(tmpdir(), 'bullpen-eneg-')), 'report.csv');
  const run = spawnSync(
    'npm',
    [
      'exec',
      '--yes',
      '--prefix',
      prefix,
      `--package=@doyensec/electronegativity@${VERSION}`,
      '--',
      'electronegativity',
      '-i',
      input,
      '-e',
      ELECTRON,
      '-o',
      report,
    ],
    { cwd: prefix, encoding: 'utf8', timeout: 300_000 },
  );
  if (run.status !== 0 || !existsSync(report)) {
    console.error(
      `electronegativity: the scanner did not run (exit ${run.status}${run.error ? `, ${run.error.message}` : ''}). ` +
        'It is fetched from the npm registry on first use: is the registry reachable?',
    );
    console.error((run.stderr ?? '').split('\n').slice(-15).join('\n'));
    process.exit(1);
  }
  return readFileSync(report, 'utf8');
}

/** RFC 4180-ish: quoted fields may hold commas and doubled quotes. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field.trim());
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

const COLUMNS = ['issue', 'severity', 'confidence', 'filename', 'location', 'sample', 'description', 'url'];

/**
 * The report's rows, or undefined when the file is not a well-formed report. Electronegativity
 * 1.10.3 writes the CSV header and the rows with two unsynchronised asynchronous writes (the header
 * truncating the file), so now and then the header lands over the rows: such a file is detected
 * here and the scan run again, never read as "no findings".
 */
function readReport(text) {
  const [header, ...rows] = parseCsv(text).filter((r) => r.length > 1);
  const wellFormed =
    header?.length === COLUMNS.length &&
    header.every((h, i) => h.toLowerCase() === COLUMNS[i]) &&
    rows.every((r) => r.length === COLUMNS.length && /^[A-Z_]+$/.test(r[0]) && /^\d+:\d+$/.test(r[4]));
  return wellFormed ? rows : undefined;
}

const ATTEMPTS = 3;
/** The rows of one input's report, scanned again while the report is garbled. */
function scanRows(input) {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const rows = readReport(scan(input));
    if (rows) return rows;
    console.error(`electronegativity: attempt ${attempt}: the report is garbled (scanner write race)`);
  }
  console.error(`electronegativity: no well-formed report of ${input} in ${ATTEMPTS} scans`);
  process.exit(1);
}
// The built bundles, then the TypeScript sources of main and preload (tests and stand-ins excluded
// by the scanner finding nothing Electron-shaped in them; any finding there counts all the same).
const rows = [...scanRows(out), ...scanRows(join(root, 'electron'))];
const col = (name) => COLUMNS.indexOf(name);
const findings = rows.map((r) => ({
  issue: r[col('issue')],
  severity: r[col('severity')],
  file: r[col('filename')]?.replace(root, ''),
  sample: r[col('sample')],
}));

// docs/security.md: | `CHECK_ID` | `flagged code` | why it is safe |
const doc = readFileSync(join(root, 'docs', 'security.md'), 'utf8');
const justified = [...doc.matchAll(/^\|\s*`([A-Z_]+)`\s*\|\s*`([^`]+)`\s*\|\s*\S.*\|\s*$/gm)].map((m) => ({
  issue: m[1],
  sample: m[2],
}));

const aboveLow = findings.filter((f) => !['LOW', 'INFORMATIONAL'].includes(f.severity));
const unjustified = aboveLow.filter(
  (f) => !justified.some((j) => j.issue === f.issue && f.sample.includes(j.sample)),
);
console.log(
  `electronegativity ${VERSION}: ${findings.length} findings, ${aboveLow.length} above LOW, ` +
    `${aboveLow.length - unjustified.length} justified in docs/security.md`,
);
for (const f of unjustified) console.error(`  UNJUSTIFIED ${f.severity} ${f.issue} ${f.file}: ${f.sample}`);
process.exit(unjustified.length === 0 ? 0 : 1);
