import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReaderCredits } from './reader-credits';

describe('the reader’s credits', () => {
  it('shows each title-page line of the material, its web address a link', () => {
    render(<ReaderCredits lines={['Intro to Bio Stats!', 'Eryn McFarlane (she/her), https://github.com/erynmcfarlane']} />);
    expect(screen.getByTestId('reader-credits').textContent).toBe(
      'Intro to Bio Stats!Eryn McFarlane (she/her), https://github.com/erynmcfarlane',
    );
    expect(screen.getByRole('link', { name: 'https://github.com/erynmcfarlane' }).getAttribute('href')).toBe(
      'https://github.com/erynmcfarlane',
    );
  });
});
