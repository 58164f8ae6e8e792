import type { TextbookLicense } from '../textbook';

/**
 * The licences an owner can give a book (common/textbook.ts), as every export and the reader page state them:
 * the name, the legal code's address (Creative Commons 4.0 and CC0 1.0) and the sentence on the title page.
 */
export interface LicenseInfo {
  name: string;
  /** The licence's own page; none for all rights reserved. */
  url?: string;
  /** Short identifier (SPDX where there is one), for metadata fields that want one. */
  spdx?: string;
}

export const licenseInfo: Record<TextbookLicense, LicenseInfo> = {
  'all-rights-reserved': { name: 'All rights reserved' },
  'cc-by': {
    name: 'Creative Commons Attribution 4.0 International',
    url: 'https://creativecommons.org/licenses/by/4.0/',
    spdx: 'CC-BY-4.0',
  },
  'cc-by-sa': {
    name: 'Creative Commons Attribution-ShareAlike 4.0 International',
    url: 'https://creativecommons.org/licenses/by-sa/4.0/',
    spdx: 'CC-BY-SA-4.0',
  },
  'cc-by-nd': {
    name: 'Creative Commons Attribution-NoDerivatives 4.0 International',
    url: 'https://creativecommons.org/licenses/by-nd/4.0/',
    spdx: 'CC-BY-ND-4.0',
  },
  'cc-by-nc': {
    name: 'Creative Commons Attribution-NonCommercial 4.0 International',
    url: 'https://creativecommons.org/licenses/by-nc/4.0/',
    spdx: 'CC-BY-NC-4.0',
  },
  'cc-by-nc-sa': {
    name: 'Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International',
    url: 'https://creativecommons.org/licenses/by-nc-sa/4.0/',
    spdx: 'CC-BY-NC-SA-4.0',
  },
  'cc-by-nc-nd': {
    name: 'Creative Commons Attribution-NonCommercial-NoDerivatives 4.0 International',
    url: 'https://creativecommons.org/licenses/by-nc-nd/4.0/',
    spdx: 'CC-BY-NC-ND-4.0',
  },
  cc0: { name: 'CC0 1.0 Universal (public domain dedication)', url: 'https://creativecommons.org/publicdomain/zero/1.0/', spdx: 'CC0-1.0' },
};

/** "© 2026 Ada Lovelace. Licensed under ..." for the title page and the metadata's rights field. */
export function rightsStatement(license: TextbookLicense, authors: readonly string[], year: string): string {
  const holder = authors.length ? ` ${authors.join(', ')}` : '';
  if (license === 'cc0') return `Dedicated to the public domain under ${licenseInfo.cc0.name}.`;
  if (license === 'all-rights-reserved') return `© ${year}${holder}. All rights reserved.`;
  return `© ${year}${holder}. Licensed under ${licenseInfo[license].name}.`;
}
