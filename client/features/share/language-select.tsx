import { useId } from 'react';
import { detectedLanguages } from '@common/languages';
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
  const id = useId();
  const { save, isSaving } = useToolkitSave(props);
  const value = props.content.language ?? '';
  const choices = value && !offered.includes(value) ? [...offered, value] : offered;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Language
      </label>
      <select
        id={id}
        value={value}
        disabled={isSaving}
        onChange={(e) => {
          const language = e.target.value || undefined;
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
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900"
      >
        {!value && <option value="">Not detected</option>}
        {choices.map((tag) => (
          <option key={tag} value={tag}>
            {languageLabel(tag)}
          </option>
        ))}
      </select>
    </div>
  );
}
