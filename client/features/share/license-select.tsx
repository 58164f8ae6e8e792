import { useId } from 'react';
import { licenseInfo } from '@common/book-render/license';
import { textbookLicenseSchema, type TextbookLicense } from '@common/textbook';
import { useToolkitSave, type ToolkitProps } from '../toolkit/use-toolkit-save';

const choices = textbookLicenseSchema.options;

/**
 * The book's licence (docs/product.md, "Reader link"): the owner picks all rights reserved or a Creative Commons
 * licence; it is saved in the content (`license`) and every export and the reader page state it.
 */
export function LicenseSelect(props: ToolkitProps) {
  const id = useId();
  const { save, isSaving } = useToolkitSave(props);
  const value: TextbookLicense = props.content.license ?? 'all-rights-reserved';
  const url = licenseInfo[value].url;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Licence
      </label>
      <select
        id={id}
        value={value}
        disabled={isSaving}
        onChange={(e) => {
          const license = e.target.value as TextbookLicense;
          void save({
            edit: (content) => ({ ...content, license }),
            description: `Licence: ${licenseInfo[license].name}`,
            success: { title: 'Licence saved', description: 'Exports and the reader page now state it.' },
            failure: { title: 'Could not change the licence' },
          });
        }}
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900"
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {licenseInfo[choice].name}
          </option>
        ))}
      </select>
      {url && (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="self-start text-xs text-indigo-700 underline dark:text-indigo-300"
        >
          What this licence allows
        </a>
      )}
    </div>
  );
}
