// A PDF shown from an object URL has no file name: the browser's viewer titles it with the
// PDF's own Title, else with the address's last part, which for `blob:` is a UUID. Giving the
// PDF a Title makes the viewer show the document's name instead.

const latin1 = new TextDecoder('latin1');

async function textOf(blob: Blob): Promise<string> {
  return latin1.decode(await blob.arrayBuffer());
}

/** A PDF text string any reader decodes: UTF-16BE with its byte-order mark, in hex. */
function pdfTextString(text: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index += 1) hex += text.charCodeAt(index).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}

/** How far into the file the trailer of a cross-reference table is looked for. */
const TRAILER_SEARCH = 1024 * 1024;

/**
 * The dictionary that ends the PDF's last cross-reference section (a table's trailer, or the
 * dictionary of a cross-reference stream), and that section's offset; null when not found.
 */
async function lastTrailer(pdf: Blob): Promise<{ dictionary: string; offset: number } | null> {
  const tail = await textOf(pdf.slice(Math.max(0, pdf.size - 1024)));
  const offsets = [...tail.matchAll(/startxref\s+(\d+)/g)];
  const offset = Number(offsets.at(-1)?.[1]);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= pdf.size) return null;
  // Some writers point at the whitespace before the section.
  const section = (await textOf(pdf.slice(offset, offset + TRAILER_SEARCH))).trimStart();
  // A table's trailer runs from `trailer` to `startxref`; a stream's dictionary ends where its
  // data starts. Either may hold nested dictionaries, hence the outermost << >>.
  const [start, end] = section.startsWith('xref')
    ? [section.indexOf('trailer'), section.indexOf('startxref')]
    : /^\d+\s+\d+\s+obj\b/.test(section)
      ? [0, section.indexOf('stream')]
      : [-1, -1];
  if (start < 0 || end <= start) return null;
  const text = section.slice(start, end);
  const dictionary = text.slice(text.indexOf('<<'), text.lastIndexOf('>>') + 2);
  if (!dictionary.startsWith('<<')) return null;
  if (!section.startsWith('xref') && !/\/Type\s*\/XRef\b/.test(dictionary)) return null;
  return { dictionary, offset };
}

/**
 * `pdf` with `title` as its document title (the one a viewer's toolbar and tab show), added
 * as an incremental update (ISO 32000 section 7.5.6): a new information dictionary, a
 * cross-reference section and a trailer are appended after the untouched original bytes. A
 * file this cannot update safely (encrypted, or its last trailer not found) is returned as is.
 */
export async function withPdfTitle(pdf: Blob, title: string): Promise<Blob> {
  const trailer = await lastTrailer(pdf);
  if (!trailer || /\/Encrypt\b/.test(trailer.dictionary)) return pdf;
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(trailer.dictionary)?.[1];
  const size = Number(/\/Size\s+(\d+)/.exec(trailer.dictionary)?.[1]);
  if (!root || !Number.isSafeInteger(size) || size <= 0) return pdf;

  // The new object takes the next free number; every offset counts bytes (the text is ASCII).
  const info = `\n${size} 0 obj\n<< /Title ${pdfTextString(title)} >>\nendobj\n`;
  const infoAt = pdf.size + 1;
  const xrefAt = pdf.size + info.length;
  const update = [
    info,
    `xref\n${size} 1\n${String(infoAt).padStart(10, '0')} 00000 n \n`,
    `trailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${trailer.offset} >>\n`,
    `startxref\n${xrefAt}\n%%EOF\n`,
  ].join('');
  return new Blob([pdf, update], { type: pdf.type });
}
