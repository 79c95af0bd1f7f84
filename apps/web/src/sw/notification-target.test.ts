import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target.ts';

const ORIGIN = 'https://grasp.example';

describe('where a reminder’s click leads', () => {
  it('opens a path of the app', () => {
    expect(notificationTarget({ url: '/review' }, ORIGIN)).toBe('https://grasp.example/review');
    expect(notificationTarget({ url: '/review?from=push#top' }, ORIGIN)).toBe(
      'https://grasp.example/review?from=push#top',
    );
    expect(notificationTarget({ url: 'https://grasp.example/dashboard' }, ORIGIN)).toBe(
      'https://grasp.example/dashboard',
    );
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example/phish',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://grasp.example/review',
    'https://grasp.example.evil.example/',
  ])('opens the recaps instead of %s', (url) => {
    expect(notificationTarget({ url }, ORIGIN)).toBe('https://grasp.example/review');
  });

  it('opens the recaps when the payload names nothing usable', () => {
    for (const data of [null, undefined, {}, { url: 42 }, 'x', { url: '' }]) {
      expect(notificationTarget(data, ORIGIN)).toBe('https://grasp.example/review');
    }
  });
});
