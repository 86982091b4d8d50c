import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PortfolioUpload } from './portfolio-upload';

afterEach(cleanup);

function Harness({ initial = [] as File[] }) {
  const [files, setFiles] = useState<File[]>(initial);
  return <PortfolioUpload files={files} onChange={setFiles} />;
}

const file = (name: string, type = 'image/jpeg') => new File(['x'], name, { type });
const names = () =>
  screen.queryByRole('list', { name: 'Portfolio files' })
    ? within(screen.getByRole('list', { name: 'Portfolio files' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : [];

describe('portfolio upload', () => {
  test('dropped files are added; unsupported types refused with the spec message', () => {
    render(<Harness />);
    fireEvent.drop(screen.getByTestId('portfolio-drop'), {
      dataTransfer: {
        files: [file('a.png', 'image/png'), file('b.gif', 'image/gif'), file('c.WEBP', 'image/webp')],
      },
    });
    expect(names()).toEqual(['a.png', 'c.WEBP']);
    expect(screen.getByRole('alert').textContent).toBe('Sorry, some files have unsupported types!');
  });

  test('duplicates by name are skipped and nothing is refused', async () => {
    const u = userEvent.setup({ applyAccept: false });
    render(<Harness initial={[file('ring.jpg')]} />);
    await u.upload(screen.getByLabelText('Portfolio images'), [file('ring.jpg'), file('pendant.jpeg')]);
    expect(names()).toEqual(['ring.jpg', 'pendant.jpeg']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('each file can be removed with its own button', async () => {
    const u = userEvent.setup();
    render(<Harness initial={[file('ring.jpg'), file('sheet.pdf', 'application/pdf')]} />);
    await u.click(screen.getByRole('button', { name: 'Remove ring.jpg' }));
    expect(names()).toEqual(['sheet.pdf']);
    await u.click(screen.getByRole('button', { name: 'Remove sheet.pdf' }));
    expect(names()).toEqual([]);
  });

  test('the picker accepts only the portfolio types', () => {
    render(<Harness />);
    expect(screen.getByLabelText('Portfolio images').getAttribute('accept')).toBe(
      '.jpg,.jpeg,.png,.pdf,.webp',
    );
  });
});
