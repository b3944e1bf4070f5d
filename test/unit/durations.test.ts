import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../infra/local/stacks';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('stack ages', () => {
  it.each([
    ['3d', 3 * DAY],
    ['12h', 12 * HOUR],
    ['90m', 90 * MINUTE],
    ['1d12h', DAY + 12 * HOUR],
    ['2h30m', 2 * HOUR + 30 * MINUTE],
  ])('reads %s', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '3', '3w', '0d', '0h0m', '-1d', '1.5d', '3 days', 'h', '12h3d'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });

  it.each([
    [3 * DAY + 4 * HOUR + 59 * MINUTE, '3d 4h'],
    [5 * HOUR + 12 * MINUTE, '5h 12m'],
    [7 * MINUTE + 59_000, '7m'],
    [0, '0m'],
    [-5 * MINUTE, '0m'],
  ])('writes %d ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
