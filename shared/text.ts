/**
 * Plain text rules, without a schema library, so the renderer's first screen can apply them
 * without evaluating zod (docs/ui.md "Start"); the schemas are built from the same values.
 */

/** No C0/C1 control characters (a name ends up in logs, menus and window titles). */
export const printableText = /^[^\p{Cc}]*$/u;
