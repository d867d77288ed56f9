// The two catalogues by language, for what the server writes in the caller's language (the
// Excel workbooks, the invoice PDF) and for the browser's translator: one place that pairs a
// language code with its words.
import enUS from './en-US.json';
import esES from './es-ES.json';

export const CATALOGUES = { 'es-ES': esES, 'en-US': enUS } as const;
