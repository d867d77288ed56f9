import { Global } from '@emotion/react';
import { PRINTED_DOCUMENT } from './invoice-document';

const DOCUMENT = `[${PRINTED_DOCUMENT}]`;

// Printing the page (the browser's "Save as PDF" too) prints the invoice document alone: every
// element that neither holds it nor lies inside it is left out, and those that hold it (the
// shell, the page's columns) lose their own frame, so the document starts at the sheet's corner.
const PRINT_ONLY_DOCUMENT = `
@media print {
  @page { margin: 15mm; }
  body *:not(:has(${DOCUMENT})):not(${DOCUMENT}):not(${DOCUMENT} *) { display: none !important; }
  body *:has(${DOCUMENT}) {
    display: block !important;
    position: static !important;
    margin: 0 !important;
    padding: 0 !important;
    border: 0 !important;
    box-shadow: none !important;
    width: auto !important;
    max-width: none !important;
    height: auto !important;
    min-height: 0 !important;
    overflow: visible !important;
    background: none !important;
  }
}
`;

/** While the invoice page is shown, printing prints its document alone. */
export function InvoicePrintStyle() {
  return <Global styles={PRINT_ONLY_DOCUMENT} />;
}
