import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DescriptionEditor } from './description-editor';
import { DimensionsEditor } from './dimensions-editor';
import { AttachmentsList, showsDetailsPanel, showsImageHeader } from './project-details-panel';

afterEach(cleanup);

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('description editing (spec sections 4 and 5)', () => {
  test('save is disabled while empty; cancel restores the saved text', async () => {
    const onSave = vi.fn(async () => undefined);
    const u = userEvent.setup();
    render(<DescriptionEditor value="A thin gold band" canEdit onSave={onSave} />);
    await u.click(button('Edit description'));
    const box = screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    await u.clear(box);
    expect(button('Save').disabled).toBe(true);
    await u.type(box, '   ');
    expect(button('Save').disabled).toBe(true);
    await u.click(button('Cancel'));
    expect(screen.getByText('A thin gold band')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await u.click(button('Edit description'));
    await u.clear(screen.getByRole('textbox', { name: 'Description' }));
    await u.type(screen.getByRole('textbox', { name: 'Description' }), 'A wide band ');
    await u.click(button('Save'));
    expect(onSave).toHaveBeenCalledWith('A wide band');
  });

  test('a failed save is only logged: no message, the draft stays open', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = new Error('Network down');
    const u = userEvent.setup();
    render(<DescriptionEditor value="Brief" canEdit onSave={vi.fn(async () => Promise.reject(failure))} />);
    await u.click(button('Edit description'));
    await u.type(screen.getByRole('textbox', { name: 'Description' }), ' and more');
    await u.click(button('Save'));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to save the description', failure));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe(
      'Brief and more',
    );
    warn.mockRestore();
  });

  test('only an editor sees Edit', () => {
    render(<DescriptionEditor value="Brief" canEdit={false} onSave={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Edit description' })).toBeNull();
  });
});

describe('dimensions editing (spec sections 5 and 9)', () => {
  test('values show their unit, mm assumed when none is given', () => {
    render(
      <DimensionsEditor
        value={[
          { name: 'width', value: '18' },
          { name: 'height', value: '2 cm' },
          { name: 'thickness', value: '0.5 in' },
          { name: 'length', value: '1.5ft' },
        ]}
        canEdit={false}
        onSave={vi.fn()}
      />,
    );
    const values = Array.from(document.querySelectorAll('dd')).map((dd) => dd.textContent);
    expect(values).toEqual(['18 mm', '2 cm', '0.5 in', '1.5ft']);
    expect(screen.getByText('Width')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit dimensions' })).toBeNull();
  });

  test('collapses, saving is blocked when the list is empty, cancel restores', async () => {
    const onSave = vi.fn(async () => undefined);
    const u = userEvent.setup();
    render(<DimensionsEditor value={[{ name: 'width', value: '18 mm' }]} canEdit onSave={onSave} />);
    const toggle = button(/^Dimensions/);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await u.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('18 mm').closest('[hidden]')).not.toBeNull();
    await u.click(toggle);

    await u.click(button('Edit dimensions'));
    await u.click(button('Remove dimension 1'));
    expect(button('Save').disabled).toBe(true);
    expect(screen.getByText('Add at least one dimension to save.')).toBeTruthy();
    await u.click(button('Cancel'));
    expect(screen.getByText('18 mm')).toBeTruthy();

    await u.click(button('Edit dimensions'));
    await u.click(button('Add dimension'));
    await u.type(screen.getByLabelText('Dimension 2 name'), 'height');
    await u.type(screen.getByLabelText('Dimension 2 value'), '4');
    await u.click(button('Save'));
    expect(onSave).toHaveBeenCalledWith([
      { name: 'width', value: '18 mm' },
      { name: 'height', value: '4' },
    ]);
  });
});

describe('files and attachments', () => {
  test("empty reads 'No attachments yet!'; files show name, date and a download link", () => {
    const { rerender } = render(<AttachmentsList attachments={[]} />);
    expect(screen.getByText('No attachments yet!')).toBeTruthy();
    rerender(
      <AttachmentsList
        attachments={[
          {
            id: 'a1',
            name: 'sketch.pdf',
            sizeBytes: 100,
            contentType: 'application/pdf',
            kind: 'attachment',
            createdAt: '2026-03-04T10:00:00.000Z',
            uploadedBy: 'u1',
            downloadUrl: '/api/projects/p1/attachments/a1',
          },
        ]}
      />,
    );
    expect(screen.getByText('sketch.pdf')).toBeTruthy();
    expect(screen.getByText('Mar 4, 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download sketch.pdf' }).getAttribute('href')).toBe(
      '/api/projects/p1/attachments/a1',
    );
  });
});

describe('details panel visibility (spec section 2)', () => {
  const at = (viewerRole: 'customer' | 'pro' | 'staff', name: string, position: -1 | 1 | 2 | 3 | 4) => ({
    viewerRole,
    activeStatus: { id: 's', name, position },
    completed: false,
  });

  test('not shown to the customer in the payment phase; shown to the pro and staff', () => {
    expect(showsDetailsPanel(at('customer', 'Make Payment', 2))).toBe(false);
    expect(showsDetailsPanel(at('customer', 'Invite Designers', 1))).toBe(true);
    expect(showsDetailsPanel(at('customer', 'In Design', 3))).toBe(true);
    expect(showsDetailsPanel(at('pro', 'Make Payment', 2))).toBe(true);
    expect(showsDetailsPanel(at('staff', 'Make Payment', 2))).toBe(true);
  });

  test("the image header shows for the customer only while the status name includes 'invite'", () => {
    expect(showsImageHeader(at('customer', 'Invite Designers', 1))).toBe(true);
    expect(showsImageHeader(at('customer', 'Invite Service Providers', 1))).toBe(true);
    expect(showsImageHeader(at('customer', 'Not Started', -1))).toBe(false);
    expect(showsImageHeader(at('customer', 'In Design', 3))).toBe(false);
    expect(showsImageHeader(at('pro', 'In Design', 3))).toBe(true);
  });
});
