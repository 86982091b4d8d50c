import { describe, expect, test } from 'vitest';
import { addWeekdays, isOverdue, latenessText, projectDeadline } from './lateness';
import {
  cardTags,
  formatRating,
  formatResponseRate,
  initials,
  median,
  responseTimeText,
  shortName,
} from './people';
import { withDefaultUnit } from './dimensions';
import { formatDays, formatMoney, parseDollars } from './money';
import { formatBytes } from './bytes';
import { formatDate, formatTime } from './dates';
import { isTimeZone } from './time-zone';

const at = (iso: string) => new Date(iso);

describe('lateness', () => {
  const promisedAt = at('2024-03-08T12:00:00Z');
  test('before the promise and not delivered: On Track', () => {
    expect(latenessText({ promisedAt, now: at('2024-03-07T12:00:00Z') })).toBe('On Track');
  });
  test('late by days, late by hours when under a day', () => {
    expect(latenessText({ promisedAt, now: at('2024-03-10T13:00:00Z') })).toBe('2 day(s) Late');
    expect(latenessText({ promisedAt, now: at('2024-03-08T17:30:00Z') })).toBe('5 hour(s) Late');
  });
  test('delivered early', () => {
    expect(latenessText({ promisedAt, deliveredAt: at('2024-03-05T12:00:00Z') })).toBe('3 day(s) early');
    expect(latenessText({ promisedAt, deliveredAt: at('2024-03-08T09:00:00Z') })).toBe('3 hour(s) early');
    expect(latenessText({ promisedAt, deliveredAt: at('2024-03-08T12:20:00Z') })).toBe('On Track');
  });
  test('delivery dates count weekdays only', () => {
    // Friday + 1 weekday = Monday; Friday + 5 = next Friday
    expect(addWeekdays(at('2024-03-08T10:00:00Z'), 1).toISOString()).toBe('2024-03-11T10:00:00.000Z');
    expect(addWeekdays(at('2024-03-08T10:00:00Z'), 5).toISOString()).toBe('2024-03-15T10:00:00.000Z');
    expect(addWeekdays(at('2024-03-09T10:00:00Z'), 1).toISOString()).toBe('2024-03-11T10:00:00.000Z');
  });
  test("a project's due date and lateness: weekdays from the payment, measured at the delivery", () => {
    // paid Thursday 10:00, 3 weekdays: Friday, Monday, Tuesday
    const open = {
      paidAt: at('2024-03-07T10:00:00Z'),
      leadTimeDays: 3,
      filesDelivered: false,
      completed: false,
      deliveredAt: null,
      completedAt: null,
    };
    expect(projectDeadline(open, at('2024-03-08T10:00:00Z'))).toEqual({
      dueAt: at('2024-03-12T10:00:00Z'),
      lateness: 'On Track',
    });
    expect(projectDeadline(open, at('2024-03-14T11:00:00Z')).lateness).toBe('2 day(s) Late');
    expect(projectDeadline(open, at('2024-03-12T16:00:00Z')).lateness).toBe('6 hour(s) Late');
    expect(isOverdue(open, at('2024-03-12T16:00:00Z'))).toBe(true);
    const delivered = { ...open, filesDelivered: true, deliveredAt: at('2024-03-11T10:00:00Z') };
    // measured at the delivery, whatever the time now
    expect(projectDeadline(delivered, at('2024-04-30T00:00:00Z')).lateness).toBe('1 day(s) early');
    expect(isOverdue(delivered, at('2024-04-30T00:00:00Z'))).toBe(false);
    expect(projectDeadline({ ...open, paidAt: null }, at('2024-03-20T00:00:00Z'))).toEqual({
      dueAt: null,
      lateness: null,
    });
    // a cancelled project owes nothing: no due date, never late
    const cancelled = { ...open, cancelled: true };
    expect(projectDeadline(cancelled, at('2024-03-20T00:00:00Z'))).toEqual({ dueAt: null, lateness: null });
    expect(isOverdue(cancelled, at('2024-03-20T00:00:00Z'))).toBe(false);
  });
});

describe('cards', () => {
  test('names, initials, rating and response rate texts', () => {
    expect(shortName('Ava', 'Moreau')).toBe('Ava M.');
    expect(shortName('Ava', '')).toBe('Ava');
    expect(initials('', '')).toBe('A');
    expect(formatRating(4.66)).toBe('4.7');
    expect(formatRating(null)).toBe('Not yet rated');
    expect(formatResponseRate(87.5)).toBe('87.50%');
    expect(formatResponseRate(null)).toBe('-');
  });
  test('response time words from a measured median', () => {
    expect(responseTimeText(null)).toBe('No data yet');
    expect(responseTimeText(30 * 60_000)).toBe('Within an hour');
    expect(responseTimeText(4.2 * 3_600_000)).toBe('Within 5 hours');
    expect(responseTimeText(30 * 3_600_000)).toBe('Within 2 days');
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  test('up to 5 tags, joined without repeats', () => {
    expect(cardTags(['Rings', 'Pendants'], ['Rhino', 'rings'], ['Matrix', 'ZBrush', 'Blender'])).toEqual([
      'Rings',
      'Pendants',
      'Rhino',
      'Matrix',
      'ZBrush',
    ]);
  });
});

describe('typed values', () => {
  test('mm is assumed when a dimension has no unit', () => {
    expect(withDefaultUnit('20')).toBe('20 mm');
    expect(withDefaultUnit('20mm')).toBe('20mm');
    expect(withDefaultUnit('1.5 in')).toBe('1.5 in');
    expect(withDefaultUnit('2 feet')).toBe('2 feet');
    expect(withDefaultUnit('3 cm')).toBe('3 cm');
    expect(withDefaultUnit('')).toBe('');
    expect(withDefaultUnit('size 7')).toBe('size 7 mm');
  });
  test('dollars typed by a pro become cents', () => {
    expect(parseDollars('1,250.5')).toBe(125050);
    expect(parseDollars('$99')).toBe(9900);
    expect(parseDollars('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(parseDollars('abc')).toBeNull();
    expect(parseDollars('1.234')).toBeNull();
    expect(parseDollars('0')).toBeNull();
  });
});

describe('money: the one formatter of cents', () => {
  test('two decimals by default, as prices and quotes show them', () => {
    expect(formatMoney(4294)).toBe('$42.94');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(175700)).toBe('$1,757.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-1234)).toBe('-$12.34');
  });
  test('whole dollars without decimals when asked, as offers show them', () => {
    expect(formatMoney(125000, { fraction: 'when-needed' })).toBe('$1,250');
    expect(formatMoney(125050, { fraction: 'when-needed' })).toBe('$1,250.50');
    expect(formatMoney(29, { fraction: 'when-needed' })).toBe('$0.29');
    expect(formatMoney(0, { fraction: 'when-needed' })).toBe('$0');
  });
  test('days', () => {
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(12)).toBe('12 days');
  });
});

describe('bytes: the one formatter of file sizes', () => {
  test('one decimal below 10, whole from 10 (size limits and upload progress)', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5.25 * 1024 * 1024)).toBe('5.3 MB');
    expect(formatBytes(12.4 * 1024 * 1024)).toBe('12 MB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });
  test('fixed decimals per unit (chat attachments)', () => {
    expect(formatBytes(100, { fixedDecimals: true })).toBe('100 B');
    expect(formatBytes(1536, { fixedDecimals: true })).toBe('2 KB');
    expect(formatBytes(5.25 * 1024 * 1024, { fixedDecimals: true })).toBe('5.3 MB');
    expect(formatBytes(100 * 1024 * 1024, { fixedDecimals: true })).toBe('100.0 MB');
  });
});

describe('dates: the one formatter of days and times', () => {
  test('a day in UTC by default, so server dates read the same everywhere', () => {
    expect(formatDate('2026-11-22T10:00:00Z')).toBe('Nov 22, 2026');
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('Nov 22, 2026');
    expect(formatDate(new Date('2026-01-05T00:00:00Z'))).toBe('Jan 5, 2026');
    expect(formatDate('2026-11-22T23:30:00Z', { timeZone: 'Asia/Tokyo' })).toBe('Nov 23, 2026');
  });
  test("the viewer's zone when asked", () => {
    const at = new Date(2026, 10, 22, 23, 30);
    expect(formatDate(at, { timeZone: 'local' })).toBe('Nov 22, 2026');
  });
  test('hours and minutes in a locale and zone', () => {
    expect(formatTime('2026-11-22T09:05:00Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe('09:05');
    expect(formatTime('2026-11-22T21:05:00Z', { locale: 'en-US', timeZone: 'UTC' })).toBe('09:05 PM');
  });
  test('a time zone the server may draw a page in is an IANA name the runtime knows', () => {
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
