import { describe, expect, it } from 'vitest';
import { checkImageFile } from './image-rules';
import { allowedLinkSchemes, decideLink, isAllowedLink } from '@common/link-rules';

describe('link prompt rules', () => {
  it('cancel does nothing', () => {
    expect(decideLink(null)).toEqual({ action: 'cancel' });
  });

  it('an empty value removes the link', () => {
    expect(decideLink('')).toEqual({ action: 'remove' });
    expect(decideLink('   ')).toEqual({ action: 'remove' });
  });

  it.each(allowedLinkSchemes.map((s) => [s]))('accepts the %s scheme', (scheme) => {
    const href = `${scheme}:${scheme.startsWith('http') || scheme.startsWith('ftp') ? '//example.org/x' : 'someone@example.org'}`;
    expect(decideLink(href)).toEqual({ action: 'set', href });
  });

  it.each([
    ['javascript:alert(1)', 'javascript'],
    ['JaVaScRiPt:alert(1)', 'javascript'],
    ['java\tscript:alert(1)', 'javascript'],
    [' javascript:alert(1)', 'javascript'],
    ['data:text/html,<script>alert(1)</script>', 'data'],
    ['vbscript:msgbox(1)', 'vbscript'],
    ['file:///etc/passwd', 'file'],
  ])('refuses %s', (input, scheme) => {
    expect(decideLink(input)).toEqual({ action: 'refuse', scheme });
    expect(isAllowedLink(input)).toBe(false);
  });

  it('a bare address becomes https, a host with a port too', () => {
    expect(decideLink('example.org/page')).toEqual({ action: 'set', href: 'https://example.org/page' });
    expect(decideLink('localhost:3000/a')).toEqual({ action: 'set', href: 'https://localhost:3000/a' });
    expect(decideLink('//cdn.example.org/x')).toEqual({ action: 'set', href: 'https://cdn.example.org/x' });
  });

  it('relative paths and anchors stay as typed', () => {
    expect(decideLink('/textbook/3')).toEqual({ action: 'set', href: '/textbook/3' });
    expect(decideLink('#section-2')).toEqual({ action: 'set', href: '#section-2' });
  });
});

describe('image file rules', () => {
  const MB = 1024 * 1024;
  it('accepts an image of exactly 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 5 * MB })).toEqual({ ok: true });
  });
  it('refuses an image over 5 MB with the spec message', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 5 * MB + 1 })).toEqual({
      ok: false,
      title: 'Image too large',
      description: 'Please select an image smaller than 5MB',
    });
  });
  it('refuses a file that is not an image', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toMatchObject({ ok: false, title: 'Error adding image' });
  });
});
