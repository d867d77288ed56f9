// What a file IS, read from its first bytes: the declared content type and the name's
// extension are the sender's claims and decide nothing (an HTML page named report.pdf stays HTML).
import type { FileMimeType } from '../../schemas/file.schema';

const PDF = Buffer.from('%PDF-', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

// An XML declaration, or the start tag of a root element (a letter, `_` or `:` after `<`).
// HTML is no invoice document: a root named html is refused, whatever its case.
const XML_START = /^[\t\n\r ]*(<\?xml[\t\n\r ]|<[A-Za-z_:][\w.:-]*[\t\n\r />])/;
const HTML_ROOT = /^[\t\n\r ]*<html[\t\n\r />]/i;

function startsWith(content: Buffer, signature: Buffer): boolean {
  return content.length >= signature.length && content.subarray(0, signature.length).equals(signature);
}

/** Whether `content` is XML text: UTF-8 throughout (no NUL), starting with a declaration or a root element. */
function isXml(content: Buffer): boolean {
  const body = startsWith(content, UTF8_BOM) ? content.subarray(UTF8_BOM.length) : content;
  if (body.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return false;
  }
  return XML_START.test(text) && !HTML_ROOT.test(text);
}

/** The type of `content` when it is a PDF, PNG, JPEG or XML; null for anything else. */
export function detectMimeType(content: Buffer): FileMimeType | null {
  if (startsWith(content, PDF)) return 'application/pdf';
  if (startsWith(content, PNG)) return 'image/png';
  if (startsWith(content, JPEG)) return 'image/jpeg';
  if (isXml(content)) return 'application/xml';
  return null;
}

/** The extensions a name of each type may end in; the first is added when none fits. */
export const EXTENSIONS: Record<FileMimeType, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'application/xml': ['.xml'],
};
