// Server-side searches ignore accents and case as the lists' quick search does
// (src/lib/grid/quick-search.ts): "electrica", "compania" and "nandu" find "Eléctrica",
// "Compañía" and "Ñandú".
//
// Folded in SQL with core functions, translate(lower(text), accented, plain), rather than the
// `unaccent` extension: embedded PGlite has it only when the client is created with it loaded,
// and a PostgreSQL server needs CREATE EXTENSION, which a hosted database may not allow. lower()
// lowers only ASCII letters in a database whose character type is plain "C", so the capital
// accented letters are in the list as well: the fold is the same whatever the database's locale.
// A search for a part of a text (LIKE '%...%') reads every row either way, so folding the
// column costs no index it could have used.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** The accented letters a search folds, small and capital (Spanish, Portuguese, French). */
const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüýÿñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝŸÑÇ';
/** Each of ACCENTED as the client's fold writes it: the base letter in lower case. */
const PLAIN = [...ACCENTED].map((letter) => letter.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()).join('');

/** `text` in lower case without accents, as a search compares it. */
function folded(text: AnyColumn | SQL): SQL {
  return sql`translate(lower((${text})::text), ${ACCENTED}, ${PLAIN})`;
}

/** `%`, `_` and `\` in what a user typed are literal characters, not LIKE wildcards. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** True where `text` holds `typed` (trimmed), accents and case aside. */
export function containsFolded(text: AnyColumn | SQL, typed: string): SQL {
  return sql`${folded(text)} like ${folded(sql`${`%${likeLiteral(typed.trim())}%`}`)}`;
}
