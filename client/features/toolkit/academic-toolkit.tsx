import { ChevronDown, Wrench } from 'lucide-react';
import { useId, useState } from 'react';
import { Card } from '@client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { CustomizeStructureTab } from '../ai-tools/customize-structure-tab';
import { VersionHistoryTab } from '../versions/version-history-tab';
import { AddContentTab } from './add-content-tab';
import { ReorderContentTab } from './reorder-content-tab';
import type { ToolkitProps } from './use-toolkit-save';

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
          <Tabs defaultValue="customize">
            <TabsList className="flex h-auto w-full flex-wrap justify-start">
              <TabsTrigger value="customize">Customize Structure</TabsTrigger>
              <TabsTrigger value="reorder">Reorder Content</TabsTrigger>
              <TabsTrigger value="add">Add Chapters/Sections</TabsTrigger>
              <TabsTrigger value="versions">Version History</TabsTrigger>
            </TabsList>
            <TabsContent value="customize">
              <CustomizeStructureTab textbookId={props.textbookId} content={props.content} onContentSaved={props.onContentSaved} />
            </TabsContent>
            <TabsContent value="reorder">
              <ReorderContentTab {...props} />
            </TabsContent>
            <TabsContent value="add">
              <AddContentTab {...props} />
            </TabsContent>
            <TabsContent value="versions">
              <VersionHistoryTab textbookId={props.textbookId} revision={props.revision} onContentSaved={props.onContentSaved} />
            </TabsContent>
          </Tabs>
        )}
      </div>
    </Card>
  );
}
