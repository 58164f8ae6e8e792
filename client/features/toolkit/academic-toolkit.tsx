import { ChevronDown, Wrench } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Card } from '@client/components/ui/card';
import type { ToolkitProps } from './use-toolkit-save';

// The tabs (drag and drop among them) are not in the page's first code: they load when the panel is first opened,
// or when the pointer or the focus comes to its button, which is usually sooner.
const loadTabs = () => import('./toolkit-tabs');
const ToolkitTabs = lazy(() => loadTabs().then((m) => ({ default: m.ToolkitTabs })));
const preloadTabs = () => {
  void loadTabs().catch(() => {
    /* the lazy component reports a failure when it mounts */
  });
};

export type AcademicToolkitProps = ToolkitProps;

/**
 * The collapsible 'Academic Toolkit' panel of the textbook view ():
 * Customize Structure, Reorder Content, Add Chapters/Sections and Version History.
 * Tabs mount only while shown, so the history is fetched when it is opened. A plain disclosure button rather than a
 * collapsible primitive: closed, nothing is measured while the page first renders (no forced layout).
 */
export function AcademicToolkit(props: AcademicToolkitProps) {
  const [isOpen, setIsOpen] = useState(false);
  const contentId = useId();
  return (
    <Card data-testid="academic-toolkit">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={contentId}
        onClick={() => setIsOpen((open) => !open)}
        onPointerEnter={preloadTabs}
        onFocus={preloadTabs}
        className="flex w-full items-center gap-2 rounded-lg p-4 text-left hover:bg-slate-50 dark:hover:bg-slate-800/50"
      >
        <Wrench className="h-5 w-5 text-indigo-600 dark:text-indigo-400" aria-hidden />
        <span className="flex-1">
          <span className="block text-lg font-semibold">Academic Toolkit</span>
          <span className="block text-sm text-slate-500 dark:text-slate-400">
            Restructure, reorder, add content and restore earlier versions.
          </span>
        </span>
        <ChevronDown className={`h-5 w-5 transition-transform ${isOpen ? 'rotate-180' : ''}`} aria-hidden />
      </button>
      <div id={contentId} hidden={!isOpen} className="px-4 pb-4">
        {isOpen && (
          <Suspense fallback={<p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">Loading the toolkit...</p>}>
            <ToolkitTabs {...props} />
          </Suspense>
        )}
      </div>
    </Card>
  );
}
