// What a file IS, read from its first bytes: the declared content type and the name's
// extension are the sender's claims and decide nothing (an HTML page named report.pdf stays HTML).
import type { FileMimeType } from '../../schemas/file.schema';

const PDF = Buffer.from('%PDF-', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

function startsWith(content: Buffer, signature: Buffer): boolean {
  return content.length >= signature.length && content.subarray(0, signature.length).equals(signature);
}

/** The type of `content` when it is a PDF, PNG or JPEG; null for anything else. */
export function detectMimeType(content: Buffer): FileMimeType | null {
  if (startsWith(content, PDF)) return 'application/pdf';
  if (startsWith(content, PNG)) return 'image/png';
  if (startsWith(content, JPEG)) return 'image/jpeg';
  return null;
}

/** The extensions a name of each type may end in; the first is added when none fits. */
export const EXTENSIONS: Record<FileMimeType, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};
