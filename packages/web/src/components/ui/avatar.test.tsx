import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Avatar, getInitials } from './avatar';

afterEach(cleanup);

describe('avatar', () => {
  test('initials come from the first letters of first and last name', () => {
    expect(getInitials('ada', 'lovelace')).toBe('AL');
    expect(getInitials('Émile', 'Zola')).toBe('ÉZ');
    expect(getInitials('  Grace ', '')).toBe('G');
    expect(getInitials('', 'Hopper')).toBe('H');
  });

  test("default is 'A' when there is no name", () => {
    expect(getInitials('', '')).toBe('A');
    expect(getInitials(null, undefined)).toBe('A');
    expect(getInitials('   ', ' ')).toBe('A');
  });

  test('renders initials without an image, and falls back to them when the image fails', () => {
    const { container, rerender } = render(<Avatar firstName="Mary" lastName="Anning" alt="Mary Anning" />);
    const initials = () => container.querySelector('[data-initials]')?.getAttribute('data-initials');
    expect(screen.getByRole('img', { name: 'Mary Anning' })).toBeTruthy();
    expect(initials()).toBe('MA');
    rerender(<Avatar firstName="Mary" lastName="Anning" src="/files/avatar.png" alt="Mary Anning" />);
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/files/avatar.png');
    fireEvent.error(image as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(initials()).toBe('MA');
  });
});
