// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSseParser, type SseFrame } from '../../src/lib/jobs/sse-parser';

function parse(chunks: string[]) {
  const frames: SseFrame[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser({ frame: (frame) => frames.push(frame), comment: (text) => comments.push(text), retry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  return { frames, comments, retries };
}

describe('server-sent events parser', () => {
  it('reads frames with their id, type and data', () => {
    const { frames } = parse(['id: 7\ndata: {"a":1}\n\nid: 8\nevent: progreso\ndata: {"b":2}\n\n']);
    expect(frames).toEqual([
      { id: '7', event: 'message', data: '{"a":1}' },
      { id: '8', event: 'progreso', data: '{"b":2}' },
    ]);
  });

  it('puts together a frame cut anywhere across chunks, even inside a field name', () => {
    const text = 'id: 12\ndata: {"clave":"jobs.events.en_curso"}\n\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parse([text.slice(0, cut), text.slice(cut)]).frames, `cut at ${cut}`).toEqual([{ id: '12', event: 'message', data: '{"clave":"jobs.events.en_curso"}' }]);
    }
    expect(parse([...text]).frames).toHaveLength(1);
  });

  it('accepts CRLF and lone CR line breaks, also with the CR and the LF in different chunks', () => {
    expect(parse(['id: 1\r\ndata: x\r\n\r\n', 'id: 2\rdata: y\r\r']).frames.map((frame) => frame.id)).toEqual(['1', '2']);
    const split = parse(['id: 3\r', '\ndata: z\r', '\n\r', '\n']);
    expect(split.frames).toEqual([{ id: '3', event: 'message', data: 'z' }]);
  });

  it('joins several data lines with line breaks', () => {
    expect(parse(['data: first\ndata:second\ndata\n\n']).frames[0]?.data).toBe('first\nsecond\n');
  });

  it('hands over comments as keep-alives without dispatching a frame', () => {
    const { frames, comments } = parse([': keep-alive\n\n', ':ping\n']);
    expect(frames).toEqual([]);
    expect(comments).toEqual(['keep-alive', 'ping']);
  });

  it('reads the retry field, ignoring one that is not a number, and keeps a frame without data silent', () => {
    const { frames, retries } = parse(['retry: 2000\n\nretry: soon\n\nid: 4\n\n']);
    expect(retries).toEqual([2000]);
    expect(frames).toEqual([]);
  });

  it('waits for the blank line before dispatching a frame', () => {
    expect(parse(['id: 5\ndata: x\n']).frames).toEqual([]);
  });
});
