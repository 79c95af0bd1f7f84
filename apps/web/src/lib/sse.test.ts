import { describe, expect, it } from 'vitest';
import { readSseEvents, type SseEvent } from './sse.ts';

function streamOf(chunks: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: readonly string[]): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of readSseEvents(streamOf(chunks))) events.push(event);
  return events;
}

describe('readSseEvents', () => {
  it('reads named events split across chunks at any point', async () => {
    const text = 'event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\n';
    const chunks = text.match(/.{1,5}/gs) ?? [];
    expect(await collect(chunks)).toEqual([
      { event: 'delta', data: '{"text":"Hel"}' },
      { event: 'delta', data: '{"text":"lo"}' },
    ]);
  });

  it('joins data lines, skips comments and defaults the name to message', async () => {
    expect(await collect([': keep-alive\n\ndata: a\ndata: b\n\n'])).toEqual([
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('accepts CRLF and CR line endings, even a CRLF split between chunks', async () => {
    expect(await collect(['event: done\r', '\ndata: x\r\n\r\nevent: e\rdata: y\r\r'])).toEqual([
      { event: 'done', data: 'x' },
      { event: 'e', data: 'y' },
    ]);
  });

  it('delivers a last event that lacks the closing blank line', async () => {
    expect(await collect(['event: done\ndata: {}'])).toEqual([{ event: 'done', data: '{}' }]);
  });

  it('decodes multi-byte characters split between chunks', async () => {
    const bytes = new TextEncoder().encode('data: é🙂\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 7));
        controller.enqueue(bytes.slice(7));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    for await (const event of readSseEvents(body)) events.push(event);
    expect(events).toEqual([{ event: 'message', data: 'é🙂' }]);
  });
});

describe('readSseEvents with the Indian scripts', () => {
  const text = 'प्रकाश संश्लेषण · সালোকসংশ্লেষণ · ஒளிச்சேர்க்கை · కిరణజన్య · ఆక్సిజన్‌ను';
  const frame = `event: delta\ndata: ${JSON.stringify({ text })}\n\n`;
  const bytes = new TextEncoder().encode(frame);

  it('decodes the text whole wherever the bytes are cut, even inside a character', async () => {
    for (let cut = 1; cut < bytes.length; cut++) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, cut));
          controller.enqueue(bytes.slice(cut));
          controller.close();
        },
      });
      const events: SseEvent[] = [];
      for await (const event of readSseEvents(body)) events.push(event);
      expect(events, `cut at byte ${cut}`).toEqual([
        { event: 'delta', data: JSON.stringify({ text }) },
      ]);
    }
  });

  it('decodes a stream that arrives one byte at a time', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(Uint8Array.of(byte));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    for await (const event of readSseEvents(body)) events.push(event);
    expect(JSON.parse(events[0]?.data ?? '{}').text).toBe(text);
  });
});
