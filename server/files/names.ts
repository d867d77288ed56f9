// File names as people gave them are kept for display and downloads, but only after losing
// anything that could act as a path or break a header: directories, control characters,
// characters Windows refuses. The extension always matches the detected type, so a saved
// download opens in the right program whatever the uploader called it.
import { encodeExtended } from 'content-disposition';
import { FILE_NAME_MAX_LENGTH, type FileMimeType } from '../../schemas/file.schema';
import { EXTENSIONS } from './detect';

// Control characters, the characters Windows forbids in names, and the bidi overrides that
// can disguise an extension (e.g. "invoice\u202Efdp.exe").
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const FALLBACK_BASE = 'archivo';

/** A display and download name for a file of type `mime` that was called `original`. */
export function sanitiseFileName(original: string, mime: FileMimeType): string {
  // The last path segment only: "C:\\docs\\a.pdf" and "../../a.pdf" both become "a.pdf".
  const lastSegment = original.split(/[/\\]/).pop() ?? '';
  let name = lastSegment.normalize('NFC').replace(UNSAFE, '').replace(/\s+/g, ' ').trim();
  // Leading dots would make a hidden file (or "..").
  name = name.replace(/^\.+/, '').trim();
  const extensions = EXTENSIONS[mime];
  const lower = name.toLowerCase();
  const hasExtension = extensions.some((extension) => lower.endsWith(extension) && lower.length > extension.length);
  const extension = hasExtension ? name.slice(name.lastIndexOf('.')) : (extensions[0] ?? '');
  let base = hasExtension ? name.slice(0, -extension.length) : name;
  if (base.trim() === '') base = FALLBACK_BASE;
  const room = FILE_NAME_MAX_LENGTH - extension.length;
  return `${[...base].slice(0, room).join('').trim()}${extension}`;
}

/**
 * `Content-Disposition` for a download: an ASCII fallback name for old clients plus the exact
 * name as `filename*` (RFC 6266), always both, as the API has always written it. The
 * `content-disposition` package encodes the exact name (RFC 8187); the fallback is the name
 * without its accents ("Año" as "Ano"), which reads better than the package's own "A?o". The
 * name is sanitised first, so no quote or CR/LF gets in.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  let ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\%]/g, '').trim();
  // A name of only non-ASCII letters leaves its bare extension (".pdf"): give it a base again.
  if (ascii === '' || ascii.startsWith('.')) ascii = `${FALLBACK_BASE}${ascii}`;
  return `${kind}; filename="${ascii}"; filename*=${encodeExtended(name)}`;
}
