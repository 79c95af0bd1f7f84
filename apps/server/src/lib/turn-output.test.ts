import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { turnOutput } from './turn-output.ts';

function recording() {
  const writes: string[] = [];
  const output = turnOutput(9, (fd, bytes) => {
    expect(fd).toBe(9);
    writes.push(bytes.toString('utf8'));
  });
  return { writes, output };
}

describe('the log output', () => {
  it('writes the lines of one turn together, after it', async () => {
    const { writes, output } = recording();
    output.write('{"msg":"one"}\n');
    output.write('{"msg":"twö"}\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['{"msg":"one"}\n{"msg":"twö"}\n']);
    output.write('{"msg":"three"}\n');
    await nextTurn();
    expect(writes).toHaveLength(2);
  });

  it('writes what waits when flushed (at exit), once', async () => {
    const { writes, output } = recording();
    output.write('last\n');
    output.flush();
    expect(writes).toEqual(['last\n']);
    await nextTurn();
    expect(writes).toEqual(['last\n']);
  });

  it('writes a full buffer at once, and a line longer than the buffer alone, whole', async () => {
    const { writes, output } = recording();
    const line = `${'x'.repeat(30_000)}\n`;
    output.write(line);
    output.write(line);
    expect(writes).toEqual([]);
    output.write(line);
    expect(writes).toEqual([line + line]);
    const long = `${'ü'.repeat(100_000)}\n`;
    output.write(long);
    expect(writes).toEqual([line + line, line, long]);
    output.write('after\n');
    await nextTurn();
    expect(writes).toEqual([line + line, line, long, 'after\n']);
  });

  it('stops writing once the reader has gone', async () => {
    let calls = 0;
    const output = turnOutput(9, () => {
      calls++;
      throw Object.assign(new Error('broken pipe'), { code: 'EPIPE' });
    });
    output.write('a\n');
    await nextTurn();
    output.write('b\n');
    await nextTurn();
    expect(calls).toBe(1);
  });
});
