import { describe, expect, it } from 'vitest';
import { withPdfTitle } from '../../src/lib/files/pdf-title';

const latin1 = new TextDecoder('latin1');

/** A one-page PDF with a classic cross-reference table and correct offsets. */
function classicPdf(trailerExtra = ''): string {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 4\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  return `${body}trailer\n<< /Size 4 /Root 1 0 R${trailerExtra} /ID [<AB> <CD>] >>\nstartxref\n${xrefAt}\n%%EOF\n`;
}

const pdf = (text: string) => new Blob([text], { type: 'application/pdf' });
const textOf = async (blob: Blob) => latin1.decode(await blob.arrayBuffer());

/** The title a PDF string `<FEFF...>` holds. */
function decodeTitle(hex: string): string {
  const units = hex.slice(4).match(/.{4}/g) ?? [];
  return String.fromCharCode(...units.map((unit) => Number.parseInt(unit, 16)));
}

/** Follows the last startxref of `text` to the title its trailer's /Info names. */
function readTitle(text: string): { title: string; trailer: string } {
  const xrefAt = Number([...text.matchAll(/startxref\s+(\d+)/g)].at(-1)![1]);
  const section = text.slice(xrefAt);
  expect(section.startsWith('xref')).toBe(true);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(section)!;
  expect(count).toBe('1');
  const entry = section.split('\n')[2]!;
  // A cross-reference entry is exactly 20 bytes with its line end.
  expect(`${entry}\n`).toHaveLength(20);
  const objectAt = Number(entry.slice(0, 10));
  expect(text.slice(objectAt)).toMatch(new RegExp(`^${first} 0 obj\\n`));
  const trailer = /trailer\n(<<.*>>)\n/.exec(section)![1]!;
  expect(trailer).toContain(`/Info ${first} 0 R`);
  const hex = /\/Title <([0-9A-F]+)>/.exec(text.slice(objectAt))![1]!;
  return { title: decodeTitle(hex), trailer };
}

describe('a PDF shown in the page', () => {
  it("takes the document's name as its title, appended after its untouched bytes", async () => {
    const original = classicPdf();
    const titled = await textOf(await withPdfTitle(pdf(original), 'Anexo n.º 5 — Señal.pdf'));
    expect(titled.startsWith(original)).toBe(true);
    const { title, trailer } = readTitle(titled);
    expect(title).toBe('Anexo n.º 5 — Señal.pdf');
    const previous = /startxref\n(\d+)/.exec(original)![1];
    expect(trailer).toBe(`<< /Size 5 /Root 1 0 R /Info 4 0 R /Prev ${previous} >>`);
  });

  it('keeps its type', async () => {
    expect((await withPdfTitle(pdf(classicPdf()), 'a.pdf')).type).toBe('application/pdf');
  });

  it('reads the trailer of a cross-reference stream, nested dictionaries and all', async () => {
    const head = '%PDF-1.5\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n';
    const stream = '7 0 obj\n<< /Type /XRef /Size 8 /W [1 2 1] /DecodeParms << /Columns 4 /Predictor 12 >> /Root 1 0 R /Length 0 >>\nstream\n\nendstream\nendobj\n';
    const original = `${head}${stream}startxref\n${head.length}\n%%EOF\n`;
    const { title, trailer } = readTitle(await textOf(await withPdfTitle(pdf(original), 'contrato.pdf')));
    expect(title).toBe('contrato.pdf');
    expect(trailer).toBe(`<< /Size 9 /Root 1 0 R /Info 8 0 R /Prev ${head.length} >>`);
  });

  it.each([
    ['an encrypted one', classicPdf(' /Encrypt 9 0 R')],
    ['one without a cross-reference section', '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'],
    ['one whose startxref points nowhere', '%PDF-1.4\nstartxref\n999999\n%%EOF\n'],
  ])('is shown as it came when it is %s', async (_, text) => {
    const blob = pdf(text);
    expect(await withPdfTitle(blob, 'x.pdf')).toBe(blob);
  });
});
