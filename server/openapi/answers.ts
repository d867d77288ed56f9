// What a route answers when it declares no `response` schema, for the API reference only. A
// route that streams a file, Server-Sent Events or another protocol's body sends what Fastify
// does not serialize, and a `response` schema would make Fastify serialize (and trim) it; the
// route says what it sends in `config.answers` instead, and describe-route.ts turns that into
// the operation's success answer. Nothing here changes what the route sends.
//
// The document stays English. A reader's language comes from the app's page, which words each
// answer from its status and content type; where a declaration's own text says more (the
// events of a job stream, how a file is named), `kind` names that text and the answer's media
// types carry it as `x-answer-kind`, so the page can word it too (docs/api-reference.md).

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route answers, for the API reference, when it declares no `response` schema (server/openapi/answers.ts). */
    answers?: AnswerDeclaration;
  }
}

/**
 * The names of the texts the app's API reference page words in the reader's language
 * (`admin.apiReference.answerKinds`), carried as `x-answer-kind` on an answer's media
 * types: `download`, a file named by the standard `Content-Disposition` (ATTACHMENT);
 * `stored-file`, the files service's (STORED_FILE_ANSWER); `job-events`, a job's event stream
 * (JOB_EVENTS_ANSWER). Change the English text of one, and change the page's words with it.
 */
export type AnswerKind = 'download' | 'stored-file' | 'job-events';

/** A file: a 200 whose body is the file's bytes, of one of `download`'s content types, named by `Content-Disposition`. */
export interface DownloadAnswer {
  download: readonly [string, ...string[]];
  /** How `Content-Disposition` names the file, when it is not always an `attachment`. */
  disposition?: string;
  /** The name of `disposition`'s text (AnswerKind); without `disposition`, `download`. */
  kind?: AnswerKind;
}

/** A Server-Sent Events stream: a 200 of `text/event-stream`; `events` says what the events are. */
export interface EventsAnswer {
  events: string;
  /** The name of `events`' text (AnswerKind), when the page words it. */
  kind?: AnswerKind;
}

/** Any other body: its status (200 unless said), its content type and what it is. */
export interface BodyAnswer {
  status?: 200 | 201;
  contentType: string;
  description: string;
}

/** No body: a 204. */
export interface EmptyAnswer {
  status: 204;
  description: string;
}

export type AnswerDeclaration = DownloadAnswer | EventsAnswer | BodyAnswer | EmptyAnswer;

const ATTACHMENT =
  '`attachment; filename="<name>"; filename*=UTF-8\'\'<name>`: the file\'s name, as ASCII (accents dropped) and exactly (RFC 8187). ' +
  'The answer also says `X-Content-Type-Options: nosniff` and `Cache-Control: private, no-store`.';

/** A media type's `x-answer-kind` (an OpenAPI extension, passed through as it is), or nothing. */
const answerKind = (kind: AnswerKind | undefined) => (kind === undefined ? {} : { 'x-answer-kind': kind });

/** `a`, `a or b`, `a, b or c`. */
const either = (words: readonly string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}` : words.join(''));

/**
 * The success answer a declaration states, by status, in the form @fastify/swagger passes
 * through as it is (a `content` whose first media type has a schema; `type: 'null'` for none).
 */
export function declaredAnswers(declaration: AnswerDeclaration): Record<string, unknown> {
  if ('download' in declaration) {
    const types = declaration.download;
    const kind = declaration.kind ?? (declaration.disposition === undefined ? 'download' : undefined);
    return {
      200: {
        description: `The file's bytes: ${either(types.map((type) => `\`${type}\``))}.`,
        headers: { 'Content-Disposition': { type: 'string', description: declaration.disposition ?? ATTACHMENT } },
        // OpenAPI 3.1: a body of bytes is a string of its media type (`format: binary` for 3.0 tools).
        content: Object.fromEntries(
          types.map((type) => [type, { schema: { type: 'string', format: 'binary', contentMediaType: type }, ...answerKind(kind) }]),
        ),
      },
    };
  }
  if ('events' in declaration) {
    return {
      200: {
        description: `Server-Sent Events. ${declaration.events}`,
        content: { 'text/event-stream': { schema: { type: 'string' }, ...answerKind(declaration.kind) } },
      },
    };
  }
  if (declaration.status === 204) return { 204: { type: 'null', description: declaration.description } };
  // What the body holds is in the description: the schema says only that there is one.
  return { [declaration.status ?? 200]: { description: declaration.description, content: { [declaration.contentType]: { schema: {} } } } };
}
