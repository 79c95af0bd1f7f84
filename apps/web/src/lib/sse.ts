/** One Server-Sent Event: its name ("message" when none is given) and its joined data lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Reads SSE from a fetch body. EventSource cannot POST or send a bearer token, so the explain
 * stream is read by hand. Follows the WHATWG framing: `field: value` lines, `:` comments, a blank
 * line ends an event, several `data:` lines join with "\n". An event left open when the body ends
 * is still delivered, so a server that omits the final blank line loses nothing.
 */
export async function* readSseEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<SseEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const take = (line: string): SseEvent | null => {
    if (line === '') {
      const ready = data.length > 0 ? { event: event || 'message', data: data.join('\n') } : null;
      event = '';
      data = [];
      return ready;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    return null;
  };

  let finished = false;
  try {
    while (!finished) {
      const { done, value } = await reader.read();
      finished = done;
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A "\r" at the end of a chunk may be the first half of "\r\n"; wait for the next one.
      const lines = buffer.split(done ? /\r\n|\r|\n/ : /\r\n|\r(?!$)|\n/);
      buffer = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        const ready = take(line);
        if (ready) yield ready;
      }
    }
    const last = take('');
    if (last) yield last;
  } finally {
    // The consumer stopped early (done event, abort): let the connection go.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
