// What the API reference page says about an operation in the reader's language. The server's
// OpenAPI document is English (other tools read it); everything the page can tell from its
// structure it words from the catalogue instead: who may call an operation (`x-permission`,
// `x-role-action`), what each answer is by its status and content type, and the answers' own
// texts the server names with `x-answer-kind` (server/openapi/answers.ts). Only a text nothing
// structured names (another protocol's body, a simulator's call) stays the document's English.
import { useMemo } from 'react';
import type { Locale } from '../../lib/i18n/locales';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT, type Translate } from '../../lib/i18n/use-t';
import type { Answer, Operation, SchemaWords } from './openapi-reading';

/** A text for the page: the reader's language, or (`english`) the document's own text, shown as it is. */
export interface Wording {
  text: string;
  english: boolean;
}

/** A file's content type as the catalogue names it (`admin.apiReference.fileKinds`). */
const FILE_KINDS: Record<string, string> = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'workbook',
  'text/csv': 'csv',
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'application/xml': 'xml',
};

/** The catalogue's words for the error answers the server states by status (server/openapi/describe-route.ts). */
const ERROR_TEXTS: Record<string, string> = {
  400: 'admin.apiReference.answerTexts.invalid',
  401: 'admin.apiReference.answerTexts.unauthenticated',
  403: 'admin.apiReference.answerTexts.forbidden',
  404: 'admin.apiReference.answerTexts.notFound',
  409: 'admin.apiReference.answerTexts.conflict',
  // Only an upload answers these (server/openapi/uploads.ts).
  413: 'admin.apiReference.answerTexts.tooLarge',
  415: 'admin.apiReference.answerTexts.unsupportedType',
  default: 'admin.apiReference.answerTexts.otherError',
};

/** An upload's 400 (its multipart reader's refusals), instead of the JSON body's. */
const UPLOAD_INVALID = 'admin.apiReference.answerTexts.invalidUpload';

/** The body of an upload. */
const MULTIPART = 'multipart/form-data';

/** The catalogue's words for a success answer of JSON, by status. */
const SUCCESS_TEXTS: Record<string, string> = {
  200: 'admin.apiReference.answerTexts.ok',
  201: 'admin.apiReference.answerTexts.created',
  202: 'admin.apiReference.answerTexts.accepted',
};

/** The catalogue's words for the `Content-Disposition` of a download, by its `x-answer-kind`. */
const DISPOSITION_TEXTS: Record<string, string> = {
  download: 'admin.apiReference.answerKinds.download',
  'stored-file': 'admin.apiReference.answerKinds.storedFile',
};

/**
 * The code a job's event stream sends (server/jobs/events-stream.ts, JOB_EVENTS_ANSWER): the
 * event's fields and its `tipo`s, the same in every language.
 */
const JOB_EVENT_CODE = {
  fields: '`{ id, trabajo_id, en, tipo, nivel, clave, params, hechos, total, estado }`',
  kinds: '`tipo`: `progreso`, `log`, `estado`',
};

export interface ApiWording {
  /** The words of schemas' types and rules (`array of`, `one of`, `chars`...). */
  schemaWords: SchemaWords;
  /** A view key's name (`relaciones` -> Relaciones Comerciales); the key where none. */
  viewKeyName: (key: string) => string;
  /** A role action as the roles page names it (Contratos / Eliminar). */
  roleActionName: (action: { page: string; action: string }) => string;
  /** One sentence saying who may call the operation. */
  whoMayCall: (operation: Operation) => string;
  /** What an answer is. */
  answer: (operation: Operation, answer: Answer) => Wording;
  /** What a header of an answer says. */
  header: (answer: Answer, header: { name: string; description: string }) => Wording;
  /** The words a search may find the operation by in the reader's language. */
  names: (operation: Operation) => string[];
  /** Whether the page shows some of the operation's texts in the document's English. */
  hasEnglish: (operation: Operation) => boolean;
}

function makeWording(t: Translate, locale: Locale): ApiWording {
  /** The catalogue's text at `key`, or `fallback` where it has none. */
  const named = (key: string, fallback: string) => {
    const text = t(key);
    return text === key ? fallback : text;
  };
  const either = (items: string[]) => new Intl.ListFormat(locale, { type: 'disjunction' }).format(items);
  const megabytes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  const english = (text: string): Wording => ({ text, english: true });
  const ours = (text: string): Wording => ({ text, english: false });

  const schemaWords: SchemaWords = {
    arrayOf: (type) => t('admin.apiReference.schemaWords.arrayOf', { type }),
    or: t('admin.apiReference.schemaWords.or'),
    and: t('admin.apiReference.schemaWords.and'),
    any: t('admin.apiReference.schemaWords.any'),
    oneOf: (values) => t('admin.apiReference.schemaWords.oneOf', { values }),
    chars: (range) => t('admin.apiReference.schemaWords.chars', { range }),
    items: (range) => t('admin.apiReference.schemaWords.items', { range }),
    pattern: (pattern) => t('admin.apiReference.schemaWords.pattern', { pattern }),
    file: t('admin.apiReference.schemaWords.file'),
    // What the file may be, by name where the catalogue has one, and its cap (in MB of 1024 × 1024 bytes, as the server says it).
    fileRules: (contentTypes, maxBytes) =>
      [
        either(contentTypes.map((type) => (FILE_KINDS[type] ? t(`admin.apiReference.fileKinds.${FILE_KINDS[type]}`) : type))),
        maxBytes === undefined ? '' : t('admin.apiReference.schemaWords.maxSize', { size: megabytes.format(maxBytes / (1024 * 1024)) }),
      ]
        .filter(Boolean)
        .join('; '),
  };

  const viewKeyName = (key: string) => named(`permissions.${key}`, key);
  const roleActionName = ({ page, action }: { page: string; action: string }) =>
    t('admin.apiReference.roleAction', { page: named(`admin.roles.pages.${page}`, page), action: named(`admin.roles.actions.${action}`, action) });
  /** A view key in a sentence: its code, and its name where the catalogue has one. */
  const viewKeyInSentence = (key: string) => {
    const name = viewKeyName(key);
    return name === key ? `\`${key}\`` : `\`${key}\` (${name})`;
  };

  const whoMayCall = (operation: Operation) => {
    const [first] = operation.permission;
    if (first === 'public') return t('admin.apiReference.who.public');
    const who =
      first === 'signed-in' || first === undefined
        ? t('admin.apiReference.who.signedIn')
        : operation.permission.length === 1
          ? t('admin.apiReference.who.viewKey', { key: viewKeyInSentence(first) })
          : t('admin.apiReference.who.viewKeys', { keys: either(operation.permission.map(viewKeyInSentence)) });
    const actions = operation.roleActions.map(roleActionName);
    if (actions.length === 0) return t('admin.apiReference.who.alone', { who });
    if (actions.length === 1) return t('admin.apiReference.who.withAction', { who, action: actions[0]! });
    return t('admin.apiReference.who.withActions', { who, actions: either(actions) });
  };

  const fileKind = (type: string) => (FILE_KINDS[type] ? t(`admin.apiReference.fileKinds.${FILE_KINDS[type]}`) : `\`${type}\``);

  const answer = (operation: Operation, one: Answer): Wording => {
    switch (one.shape) {
      case 'error': {
        const key = one.status === '400' && operation.bodyContentType === MULTIPART ? UPLOAD_INVALID : ERROR_TEXTS[one.status];
        if (!key) return english(one.description);
        return ours(one.status === '403' ? t(key, { who: whoMayCall(operation) }) : t(key));
      }
      case 'success':
        return ours(t(SUCCESS_TEXTS[one.status] ?? 'admin.apiReference.answerTexts.ok'));
      case 'file':
        return ours(t('admin.apiReference.answerTexts.file', { kinds: either(one.contentTypes.map(fileKind)) }));
      case 'events':
        return one.kind === 'job-events' ? ours(t('admin.apiReference.answerKinds.jobEvents', JOB_EVENT_CODE)) : english(one.description);
      default:
        return english(one.description);
    }
  };

  const header = (one: Answer, { name, description }: { name: string; description: string }): Wording => {
    const key = name === 'Content-Disposition' && one.kind !== null ? DISPOSITION_TEXTS[one.kind] : undefined;
    return key ? ours(t(key)) : english(description);
  };

  const names = (operation: Operation) => [...operation.permission.map(viewKeyName), ...operation.roleActions.map(roleActionName)];

  const hasEnglish = (operation: Operation) =>
    operation.note !== '' ||
    operation.answers.some(
      (one) => (answer(operation, one).english && one.description !== '') || one.headers.some((item) => header(one, item).english && item.description !== ''),
    );

  return { schemaWords, viewKeyName, roleActionName, whoMayCall, answer, header, names, hasEnglish };
}

/** The page's words for operations in the reader's language; a language switch re-renders the caller. */
export function useApiWording(): ApiWording {
  const t = useT();
  const locale = useLocale();
  return useMemo(() => makeWording(t, locale), [t, locale]);
}
