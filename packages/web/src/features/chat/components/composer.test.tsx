import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatParticipant } from '@facet/domain/chat';
import { Composer } from './composer';

afterEach(cleanup);

const people: ChatParticipant[] = [
  { id: 'c1', role: 'user', firstName: 'Cora', lastName: 'Customer' },
  { id: 'd1', role: 'designer', firstName: 'Dana', lastName: 'Designer' },
  { id: 's1', role: 'product', firstName: 'Sam', lastName: 'Staff' },
];

function setup(props: Partial<Parameters<typeof Composer>[0]> = {}) {
  const onSend = vi.fn(async (_text: string, _mentions: string[]) => true);
  const u = userEvent.setup();
  render(<Composer participants={people} viewerId="c1" onSend={onSend} {...props} />);
  const box = screen.getByRole('combobox', { name: 'Message' }) as HTMLTextAreaElement;
  return { onSend, u, box };
}

describe('chat composer (spec sections 2 and 5)', () => {
  test('Enter sends the text and clears the box; Shift+Enter adds a line', async () => {
    const { onSend, u, box } = setup();
    await u.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box.value).toBe('First line\nsecond line');
    expect(onSend).not.toHaveBeenCalled();
    await u.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('First line\nsecond line', []);
    expect(box.value).toBe('');
  });

  test('empty or blank text is never sent', async () => {
    const { onSend, u, box } = setup();
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await u.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(send.disabled).toBe(true);
  });

  test('a refused message stays in the box', async () => {
    const onSend = vi.fn(async () => false);
    const { u, box } = setup({ onSend });
    await u.type(box, 'Call me on 555 0100{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(box.value).toBe('Call me on 555 0100');
  });

  test('@ lists the others (production team, pro, creator order); arrows and Enter pick one', async () => {
    const { onSend, u, box } = setup();
    await u.type(box, 'Hi @');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Sam Staff', 'Dana Designer']);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await u.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    await u.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    await u.keyboard('{ArrowUp}{Enter}');
    expect(box.value).toBe('Hi @Dana Designer ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await u.type(box, 'see this{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hi @Dana Designer see this', ['d1']);
  });

  test('typing after @ filters the list; Escape closes it and Enter then sends', async () => {
    const { onSend, u, box } = setup();
    await u.type(box, '@sa');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Sam Staff']);
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await u.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('@sa', []);
  });

  test('disabled with the server reason: nothing can be typed or sent', () => {
    setup({ disabledReason: 'Chat is now read-only. Quote has been submitted.' });
    const box = screen.getByRole('combobox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(box.disabled).toBe(true);
    expect(box.title).toBe('Chat is now read-only. Quote has been submitted.');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('typing is announced once, then cleared when the message is sent', async () => {
    const onTyping = vi.fn();
    const { u, box } = setup({ onTyping });
    await u.type(box, 'abc');
    expect(onTyping.mock.calls).toEqual([[true]]);
    await u.keyboard('{Enter}');
    expect(onTyping.mock.calls).toEqual([[true], [false]]);
  });
});
