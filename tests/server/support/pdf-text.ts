// Reads back the text of a PDF drawn by pdfkit without compression, as a test needs it: pdfkit
// writes each line it lays out as one TJ operator, an array of hex strings of the glyphs'
// WinAnsi codes (the standard fonts) with kerning numbers between them. The hex pieces of one
// array, decoded and joined, are the line.

// Windows-1252's 0x80-0x9F block (Node's decoder reads the label as Latin-1); the rest is Latin-1.
const WIN_ANSI_0X80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

const winAnsi = (bytes: Buffer) => [...bytes].map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_0X80[byte - 0x80] : String.fromCharCode(byte))).join('');

// `[<48656c6c6f> 20 <20776f726c64>] TJ`: hex strings and numbers inside brackets, then TJ.
const TEXT_OPERATOR = /\[((?:\s*(?:<[0-9a-fA-F]*>|-?\d+(?:\.\d+)?))*)\s*\]\s*TJ/g;
const HEX_STRING = /<([0-9a-fA-F]*)>/g;

/** The lines of text of `pdf`, in the order they were drawn. */
export function pdfLines(pdf: Buffer): string[] {
  const content = pdf.toString('latin1');
  return [...content.matchAll(TEXT_OPERATOR)].map(([, array = '']) =>
    [...array.matchAll(HEX_STRING)].map(([, hex = '']) => winAnsi(Buffer.from(hex, 'hex'))).join(''),
  );
}

/** How many pages `pdf` has (its page objects, not the page tree). */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}
