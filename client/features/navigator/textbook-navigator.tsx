import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Chapter } from '@common/textbook';
import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';
import { materialKey, materialTypeLabel, type EducationalMaterial } from '../materials-viewer/educational-material';
import { MaterialTypeIcon } from '../materials-viewer/material-type-icon';
import { ChapterRow } from './chapter-row';
import { everyChapter, filterChapters, filterMaterials } from './navigator-search';
import type { NavigatorApi } from './use-navigator';

export interface TextbookNavigatorProps {
  title: string;
  chapters: readonly Chapter[];
  navigator: NavigatorApi;
  materials: readonly EducationalMaterial[];
  selectedMaterialKey: string | null;
  onSelectSection: (chapterIndex: number, sectionIndex: number) => void;
  onSelectMaterial: (material: EducationalMaterial) => void;
}

export function TextbookNavigator({
  title,
  chapters,
  navigator,
  materials,
  selectedMaterialKey,
  onSelectSection,
  onSelectMaterial,
}: TextbookNavigatorProps) {
  const { state, searchIndex } = navigator;
  const matches = useMemo(
    () => (state.searchQuery.trim() === '' ? everyChapter(chapters) : filterChapters(searchIndex(), state.searchQuery)),
    [chapters, searchIndex, state.searchQuery],
  );
  const visibleMaterials = useMemo(() => filterMaterials(materials, state.searchQuery), [materials, state.searchQuery]);
  const expanded = useMemo(() => new Set(state.expandedChapters), [state.expandedChapters]);
  // Past a few hundred sections, lists of off-screen chapters render when scrolled to.
  const isLazy = useMemo(() => chapters.reduce((n, c) => n + (c.sections?.length ?? 0), 0) > 300, [chapters]);
  // The box shows what was typed; the state keeps it lowercased.
  const [typed, setTyped] = useState(state.searchQuery);

  return (
    <nav aria-label="Textbook navigation" className="flex flex-col gap-3">
      <div className="relative">
        <Search className="pointer-events-none absolute left-2.5 top-3 h-4 w-4 text-slate-400" aria-hidden />
        <Input
          type="search"
          aria-label="Search content"
          placeholder="Search content..."
          className="pl-8"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            navigator.search(e.target.value);
          }}
        />
      </div>
      <h2 className="px-2 text-base font-semibold">{title}</h2>
      {matches.length === 0 ? (
        <p className="px-2 text-sm text-slate-500">No matching content</p>
      ) : (
        <ul className="space-y-0.5" aria-label="Chapters">
          {matches.map((m) => (
            <ChapterRow
              key={chapters[m.chapterIndex].id ?? m.chapterIndex}
              chapter={chapters[m.chapterIndex]}
              chapterIndex={m.chapterIndex}
              isExpanded={expanded.has(m.chapterIndex)}
              isSelected={state.selectedChapter === m.chapterIndex}
              selectedSection={state.selectedChapter === m.chapterIndex ? state.selectedSection : null}
              sectionIndexes={m.sectionIndexes}
              onToggle={navigator.toggleChapter}
              onSelectSection={onSelectSection}
              isLazy={isLazy}
            />
          ))}
        </ul>
      )}
      {materials.length > 0 && (
        <section aria-label="Educational Materials" className="border-t border-slate-200 pt-3 dark:border-slate-700">
          <h3 className="px-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Educational Materials</h3>
          {visibleMaterials.length === 0 ? (
            <p className="px-2 pt-1 text-sm text-slate-500">No matching materials</p>
          ) : (
            <ul className="mt-1 space-y-0.5">
              {visibleMaterials.map((m) => {
                const key = materialKey(m);
                return (
                  <li key={key}>
                    <button
                      type="button"
                      aria-current={selectedMaterialKey === key ? 'true' : undefined}
                      onClick={() => onSelectMaterial(m)}
                      className={cn(
                        'flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800',
                        selectedMaterialKey === key && 'bg-indigo-50 dark:bg-indigo-950',
                      )}
                    >
                      <MaterialTypeIcon contentType={m.contentType} className="mt-0.5 h-4 w-4 shrink-0 text-indigo-600" aria-hidden />
                      <span className="flex-1">{m.title}</span>
                      <span className="shrink-0 rounded bg-slate-100 px-1.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                        {materialTypeLabel(m.contentType)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
    </nav>
  );
}
