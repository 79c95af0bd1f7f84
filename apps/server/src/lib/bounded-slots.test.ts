import { describe, expect, it } from 'vitest';
import { createBoundedSlots } from './bounded-slots.ts';

describe('createBoundedSlots', () => {
  it('gives slots, then places in line, then refuses; a release hands the slot on in order', async () => {
    const slots = createBoundedSlots(1, 2);
    const first = await slots.take();
    expect(first).toBeTypeOf('function');
    const order: string[] = [];
    const second = slots.take().then((release) => {
      order.push('second');
      return release;
    });
    const third = slots.take().then((release) => {
      order.push('third');
      return release;
    });
    expect(slots.full()).toBe(true);
    expect(await slots.take()).toBeNull();
    first?.();
    first?.(); // a second release of the same slot changes nothing
    (await second)?.();
    (await third)?.();
    expect(order).toEqual(['second', 'third']);
    expect(slots.full()).toBe(false);
    const again = [await slots.take(), slots.take(), slots.take()];
    expect(again[0]).toBeTypeOf('function');
    expect(await slots.take()).toBeNull();
  });

  it('with no line, refuses as soon as every slot is taken', async () => {
    const slots = createBoundedSlots(2, 0);
    expect(await slots.take()).not.toBeNull();
    expect(slots.full()).toBe(false);
    expect(await slots.take()).not.toBeNull();
    expect(slots.full()).toBe(true);
    expect(await slots.take()).toBeNull();
  });
});
