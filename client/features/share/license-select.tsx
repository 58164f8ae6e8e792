import { licenseInfo } from '@common/book-render/license';
import { textbookLicenseSchema, type TextbookLicense } from '@common/textbook';
import { SelectField } from '@client/components/ui/select-field';
import { useToolkitSave, type ToolkitProps } from '../toolkit/use-toolkit-save';

const choices = textbookLicenseSchema.options;

/**
 * The book's licence (docs/product.md, "Reader link"): the owner picks all rights reserved or a Creative Commons
 * licence; it is saved in the content (`license`) and every export and the reader page state it.
 */
export function LicenseSelect(props: ToolkitProps) {
  const { save, isSaving } = useToolkitSave(props);
  const value: TextbookLicense = props.content.license ?? 'all-rights-reserved';
  const url = licenseInfo[value].url;
  return (
    <SelectField
      label="Licence"
      value={value}
      disabled={isSaving}
      onChange={(chosen) => {
        const license = chosen as TextbookLicense;
        void save({
          edit: (content) => ({ ...content, license }),
          description: `Licence: ${licenseInfo[license].name}`,
          success: { title: 'Licence saved', description: 'Exports and the reader page now state it.' },
          failure: { title: 'Could not change the licence' },
        });
      }}
      after={
        url && (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="self-start text-xs text-indigo-700 underline dark:text-indigo-300"
          >
            What this licence allows
          </a>
        )
      }
    >
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {licenseInfo[choice].name}
        </option>
      ))}
    </SelectField>
  );
}
