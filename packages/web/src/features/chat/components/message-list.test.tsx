import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '@facet/domain/chat';
import { mergeMessages } from '../lib/messages';
import { chatMessage } from '../../../testing';
import { MessageList, SCROLL_BUTTON_THRESHOLD_PX } from './message-list';

afterEach(cleanup);

/** A message from Dana Designer (d1). */
const msg = (seq: number, over: Partial<ChatMessage> = {}) =>
  chatMessage(seq, { from: 'd1', type: 'designer', ...over });
const quote = (seq: number, over: Partial<ChatMessage> = {}) =>
  msg(seq, {
    isQuote: true,
    priceCents: 125_050,
    leadTimeDays: 12,
    offerId: 'o1',
    status: 'pending',
    message: 'Offer: $1,250.50, lead time 12 days',
    ...over,
  });

type ListProps = Partial<Parameters<typeof MessageList>[0]>;

/** The list as the customer c1 sees it, Dana Designer's name known. */
function listOf(messages: ChatMessage[], props: ListProps = {}) {
  return (
    <MessageList
      messages={messages}
      pending={[]}
      viewerId="c1"
      names={new Map([['d1', 'Dana Designer']])}
      readIds={new Set()}
      dividerIndex={-1}
      loading={false}
      {...props}
    />
  );
}
const list = (messages: ChatMessage[], props: ListProps = {}) => render(listOf(messages, props));

describe('quote cards in the message list', () => {
  test('a quote card shows Total Offer in dollars, Lead Time in days and its status', () => {
    list([msg(1), quote(2)]);
    const card = screen.getByRole('group', { name: 'Quote from Dana Designer' });
    expect(within(card).getByText('Total Offer').nextSibling?.textContent).toBe('$1,250.50');
    expect(within(card).getByText('Lead Time').nextSibling?.textContent).toBe('12 days');
    expect(card.textContent).toContain('Awaiting answer');
    // the card replaces the plain text
    expect(screen.queryByText('Offer: $1,250.50, lead time 12 days')).toBeNull();
  });

  test('the viewer’s actions appear on the card; a changed status replaces the card in place', async () => {
    const onAccept = vi.fn();
    const actions = (m: ChatMessage) =>
      m.status === 'pending' ? (
        <button type="button" onClick={() => onAccept(m.offerId)}>
          Accept
        </button>
      ) : null;
    const first = [msg(1), quote(2)];
    const { rerender } = list(first, { quoteActions: actions });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAccept).toHaveBeenCalledWith('o1');

    const updated = mergeMessages(first, [quote(2, { status: 'accepted' })]);
    rerender(listOf(updated, { quoteActions: actions }));
    expect(screen.getAllByRole('group', { name: /Quote from/ })).toHaveLength(1);
    expect(screen.getByRole('group', { name: /Quote from/ }).textContent).toContain('ACCEPTED');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});

describe('pins in the message list', () => {
  test('the production team gets a pin button per message; others only see the pinned mark', async () => {
    const onTogglePin = vi.fn();
    list([msg(1), msg(2, { pinned: true })], { onTogglePin });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pin message' }));
    expect(onTogglePin).toHaveBeenCalledWith(expect.objectContaining({ id: 'm1' }));
    expect(screen.getByRole('button', { name: 'Unpin message' }).getAttribute('aria-pressed')).toBe('true');
    cleanup();

    list([msg(1), msg(2, { pinned: true })]);
    expect(screen.queryByRole('button', { name: /pin message/i })).toBeNull();
    expect(screen.getAllByLabelText('Pinned')).toHaveLength(1);
  });
});

describe('scrolling and the New Messages divider', () => {
  test('the scroll-to-bottom button appears only beyond 1500 px from the bottom', () => {
    expect(SCROLL_BUTTON_THRESHOLD_PX).toBe(1500);
    list([msg(1), msg(2), msg(3)]);
    const log = screen.getByRole('log', { name: 'Messages' });
    // jsdom lays nothing out: give the list a height and a content height
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 400 });
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 5000 });
    const scrollTo = (top: number) => {
      log.scrollTop = top;
      fireEvent.scroll(log);
    };
    const button = () => screen.queryByRole('button', { name: 'Scroll to the latest message' });
    scrollTo(5000 - 400 - 1500); // exactly 1500 px away
    expect(button()).toBeNull();
    scrollTo(5000 - 400 - 1501);
    expect(button()).not.toBeNull();
    scrollTo(5000 - 400);
    expect(button()).toBeNull();
  });

  test('the divider sits before the first new message', () => {
    list([msg(1), msg(2), msg(3)], { dividerIndex: 1 });
    const log = screen.getByRole('log', { name: 'Messages' });
    const divider = within(log).getByRole('separator');
    expect(divider.textContent).toBe('New Messages');
    expect(divider.nextElementSibling?.getAttribute('data-seq')).toBe('2');
  });
});
