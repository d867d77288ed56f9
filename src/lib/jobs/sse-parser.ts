/**
 * The Server-Sent Events wire format (WHATWG HTML, "Parsing an event stream"), read from a
 * fetch body: the browser's `EventSource` would do this itself, but it cannot send our bearer
 * token. Chunks arrive cut anywhere, in the middle of a line or between the CR and LF of a
 * line break, so the parser keeps the unfinished line until the next chunk.
 */

/** One dispatched event: its `id` (when the frame carried one), type and joined data lines. */
export interface SseFrame {
  id: string | null;
  event: string;
  data: string;
}

export interface SseHandlers {
  frame: (frame: SseFrame) => void;
  /** A comment line (`: keep-alive`): the connection is alive, nothing happened. */
  comment?: (text: string) => void;
  /** A `retry:` field: how long the server asks the client to wait before reconnecting. */
  retry?: (milliseconds: number) => void;
}

export interface SseParser {
  /** Feeds the next piece of the stream's text. */
  push(chunk: string): void;
}

/** A parser that calls `handlers` as whole lines and frames come out of the pushed text. */
export function createSseParser(handlers: SseHandlers): SseParser {
  let pending = '';
  // A chunk ended on a CR: if the next starts with LF, that LF belongs to the same line break.
  let skipLeadingLf = false;
  let id: string | null = null;
  let event = '';
  let data: string[] = [];

  function dispatch() {
    // A frame without data lines dispatches nothing (the spec), whatever else it held.
    if (data.length > 0) handlers.frame({ id, event: event || 'message', data: data.join('\n') });
    id = null;
    event = '';
    data = [];
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return handlers.comment?.(text.slice(1).trimStart());
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    // An id with a NUL is ignored (the spec): it could not be sent back as a header.
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) handlers.retry?.(Number(value));
  }

  return {
    push(chunk) {
      let text = chunk;
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      pending += text;
      let start = 0;
      for (let index = 0; index < pending.length; index += 1) {
        const char = pending[index];
        if (char !== '\r' && char !== '\n') continue;
        line(pending.slice(start, index));
        if (char === '\r') {
          if (index + 1 === pending.length) skipLeadingLf = true;
          else if (pending[index + 1] === '\n') index += 1;
        }
        start = index + 1;
      }
      pending = pending.slice(start);
    },
  };
}
