import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeProvider, useTheme } from './theme';

function Switcher() {
  const { theme, toggleTheme } = useTheme();
  return (
    <button type="button" onClick={toggleTheme}>
      theme is {theme}
    </button>
  );
}

afterEach(() => document.documentElement.classList.remove('dark'));

describe('theme', () => {
  it('is light by default and stores the choice under `theme`', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <Switcher />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('theme is light');
    expect(document.documentElement).not.toHaveClass('dark');

    await user.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('theme is dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    await user.click(screen.getByRole('button'));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('starts from the stored theme, as after a reload', () => {
    localStorage.setItem('theme', 'dark');
    const first = render(
      <ThemeProvider>
        <Switcher />
      </ThemeProvider>,
    );
    expect(document.documentElement).toHaveClass('dark');
    first.unmount();
    // A fresh mount (a reload) reads the same key again.
    render(
      <ThemeProvider>
        <Switcher />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('theme is dark');
  });

  it('treats an unknown stored value as light', () => {
    localStorage.setItem('theme', 'purple');
    render(
      <ThemeProvider>
        <Switcher />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('theme is light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
