import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { CustomizeStructureTab } from '../ai-tools/customize-structure-tab';
import { VersionHistoryTab } from '../versions/version-history-tab';
import { AddContentTab } from './add-content-tab';
import { ReorderContentTab } from './reorder-content-tab';
import type { ToolkitProps } from './use-toolkit-save';

/** The open Academic Toolkit's four tabs (academic-toolkit.tsx loads them, drag and drop included, when it opens). */
export function ToolkitTabs(props: ToolkitProps) {
  return (
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
  );
}
