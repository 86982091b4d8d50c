import { describe, expect, test } from 'vitest';
import { mayPinMessages, quoteCardStatus, quoteCardText } from './quote';

describe('quote cards', () => {
  test('the card status follows the offer', () => {
    expect(quoteCardStatus('pending')).toBe('pending');
    expect(quoteCardStatus('quoted')).toBe('pending');
    expect(quoteCardStatus('accepted')).toBe('accepted');
    expect(quoteCardStatus('refused')).toBe('refused');
  });

  test('text: dollars from cents, lead time in days', () => {
    expect(quoteCardText(125_000, 12)).toBe('Offer: $1,250, lead time 12 days');
    expect(quoteCardText(125_050, 1)).toBe('Offer: $1,250.50, lead time 1 day');
  });

  test('only the production team pins', () => {
    expect(mayPinMessages('staff')).toBe(true);
    for (const role of ['customer', 'designer', 'service'] as const) expect(mayPinMessages(role)).toBe(false);
  });
});
