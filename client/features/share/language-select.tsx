import { detectedLanguages } from '@common/languages';
import { SelectField } from '@client/components/ui/select-field';
import { useToolkitSave, type ToolkitProps } from '../toolkit/use-toolkit-save';

/** The languages the extraction detects; a book may carry any other tag, which is offered as it is. */
const offered: readonly string[] = detectedLanguages;

/** A language's name in English and in itself ("German (Deutsch)"), or the tag when the browser knows neither. */
export function languageLabel(tag: string): string {
  const name = (locale: string) => {
    try {
      return new Intl.DisplayNames([locale], { type: 'language' }).of(tag);
    } catch {
      return undefined;
    }
  };
  const english = name('en') ?? tag;
  const own = name(tag);
  return own && own.toLowerCase() !== english.toLowerCase() ? `${english} (${own})` : english;
}

/**
 * The book's language (`content.language`, detected from the material at generation): the owner corrects it here; the
 * reader page and every export declare it (lang attribute, document language), so hyphenation, screen readers and
 * quotation marks follow it.
 */
export function LanguageSelect(props: ToolkitProps) {
  const { save, isSaving } = useToolkitSave(props);
  const value = props.content.language ?? '';
  const choices = value && !offered.includes(value) ? [...offered, value] : offered;
  return (
    <SelectField
      label="Language"
      value={value}
      disabled={isSaving}
      onChange={(chosen) => {
        const language = chosen || undefined;
        void save({
          edit: (content) => {
            const next = { ...content, language };
            if (!language) delete next.language;
            return next;
          },
          description: `Language: ${language ? languageLabel(language) : 'not set'}`,
          success: { title: 'Language saved', description: 'Exports and the reader page now declare it.' },
          failure: { title: 'Could not change the language' },
        });
      }}
    >
      {!value && <option value="">Not detected</option>}
      {choices.map((tag) => (
        <option key={tag} value={tag}>
          {languageLabel(tag)}
        </option>
      ))}
    </SelectField>
  );
}
