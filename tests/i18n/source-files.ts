import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The browser app's sources (src/), every .ts and .tsx file below it: what the i18n tests read. */
export const SRC = path.resolve(__dirname, '../../src');

/** Every .ts and .tsx file below `dir`. */
export function sourceFiles(dir: string = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
