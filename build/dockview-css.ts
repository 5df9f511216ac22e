/**
 * dockview's stylesheet (dockview-react/dist/styles/dockview.css, ~160 kB) carries about twenty
 * colour themes; Bullpen draws its dock in one (`dockview-theme-dark`, re-coloured by
 * renderer/shell/workspace/dock.css). Chromium parses a stylesheet before it runs the scripts after
 * it, so every unused theme was parsed on the way to the first screen (docs/ui.md "Start").
 * `keepOneTheme` drops each top-level rule's selectors that name another `dockview-theme-*` class,
 * and the rule when none is left; at-rules, comments and everything else stay as they are.
 */
const THEME = /\.dockview-theme-[\w-]+/g;

/** Top-level `prelude { body }` blocks and the text between them, in order (strings and comments respected). */
function topLevelBlocks(css: string): Array<{ prelude: string; block: string } | string> {
  const out: Array<{ prelude: string; block: string } | string> = [];
  let depth = 0;
  let start = 0;
  let braceAt = -1;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 1;
    } else if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c; i++) if (css[i] === '\\') i++;
    } else if (c === '{') {
      if (depth++ === 0) braceAt = i;
    } else if (c === '}' && depth > 0 && --depth === 0) {
      out.push({ prelude: css.slice(start, braceAt), block: css.slice(braceAt, i + 1) });
      start = i + 1;
    }
  }
  if (start < css.length) out.push(css.slice(start));
  return out;
}

export function keepOneTheme(css: string, theme: string): string {
  const keep = `.${theme}`;
  return topLevelBlocks(css)
    .map((part) => {
      if (typeof part === 'string' || part.prelude.trimStart().startsWith('@')) {
        return typeof part === 'string' ? part : part.prelude + part.block;
      }
      const lead = /^\s*/.exec(part.prelude)?.[0] ?? '';
      const selectors = part.prelude
        .trim()
        .split(',')
        .filter((s) => (s.match(THEME) ?? []).every((t) => t === keep));
      return selectors.length === 0
        ? lead
        : `${lead}${selectors.map((s) => s.trim()).join(',\n')} ${part.block}`;
    })
    .join('');
}
