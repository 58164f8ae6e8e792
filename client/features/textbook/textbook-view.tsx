import { ArrowLeft, Info, LogIn } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { Link } from 'wouter';
import { parseTextbookContent, type TextbookContent } from '@common/textbook';
import { useAuth } from '@client/app/auth-context';
import { CollaboratorsCard } from '../collaboration/collaborators-card';
import { ConnectionIndicator } from '../collaboration/connection-indicator';
import { ManageCollaboratorsDialog } from '../collaboration/manage-collaborators-dialog';
import { useAiWritingTools } from '../ai-tools/use-ai-writing-tools';
import { useCollaboration } from '../collaboration/use-collaboration';
import { useLiveDocument, useLiveFlush } from '../collaboration/use-live-document';
import { DeleteMaterialButton } from '../materials/delete-material-button';
import { MaterialsGenerator } from '../materials/materials-generator';
import { useServerMaterials } from '../materials/use-server-materials';
import { useEducationalMaterials } from '../materials-viewer/use-educational-materials';
import { ShareDialog } from '../share/share-dialog';
import { AcademicToolkit } from '../toolkit/academic-toolkit';
import { BookAssistantCard } from '../book-assistant/book-assistant-card';
import { ExportMenu } from '../export/export-menu';
import { GenerationReportDetails } from './generation-report';
import { SaveStatusIndicator, saveStatusOf } from './save-status';
import { fetchTextbook, type TextbookResponse } from './textbook.api';
import { TextbookWorkspace } from './textbook-workspace';
import { useSaveShortcut } from './use-save-shortcut';
import { useStoredCopy } from './use-stored-copy';

/** The loaded textbook view of docs/product.md: back button, title, notice, collaboration, toolkit, workspace. */
export function TextbookView({ textbook, content }: { textbook: TextbookResponse; content: TextbookContent }) {
  const { user } = useAuth();
  // The text is edited in the live document, which the server stores; the page around it shows the stored copy.
  const live = useLiveDocument(textbook.id, user);
  const flushLive = useLiveFlush(live);
  useSaveShortcut(live);
  const { copy, receive } = useStoredCopy({ content, revision: textbook.revision });
  // Before a tool reads the book: what was typed is stored, and the tool gets the stored book.
  const flushNow = useCallback(async (): Promise<TextbookContent | void> => {
    await flushLive();
    const fresh = await fetchTextbook(textbook.id).catch(() => null);
    const parsed = fresh ? parseTextbookContent(fresh.content) : null;
    if (!fresh || !parsed?.ok) return;
    receive(parsed.content, fresh.revision);
    return parsed.content;
  }, [flushLive, receive, textbook.id]);
  const ai = useAiWritingTools({ textbookId: textbook.id, content: copy.content, onContentSaved: receive, beforeRun: flushNow });
  const materials = useEducationalMaterials(textbook.id, useServerMaterials(textbook.id));
  // The owner is the one whose id matches, or whom the server flags.
  const isOwner = textbook.isOwner || (user !== null && textbook.userId === user.id);

  // A collaborator's committed save (typing stored by the server, a tool's save): the navigator and tools follow it.
  const onRemoteEdit = useCallback(
    (raw: unknown, revision: number) => {
      const parsed = parseTextbookContent(raw);
      if (parsed.ok) receive(parsed.content, revision);
    },
    [receive],
  );
  const { connected, activeUsers, sessionEnded: collabSessionEnded } = useCollaboration({ textbookId: textbook.id, onRemoteEdit });
  // Signed out here or on another device: the live document stops sending and the editor is read-only.
  const sessionEnded = collabSessionEnded || live?.sessionEnded === true;

  // A refetch or a toolkit save brings a newer revision.
  useEffect(() => {
    receive(content, textbook.revision);
  }, [receive, content, textbook.revision]);

  // The tab names the book, so a reader with several open finds it.
  useEffect(() => {
    const before = document.title;
    document.title = `${textbook.topic} - Textbook Studio`;
    return () => {
      document.title = before;
    };
  }, [textbook.topic]);

  const notice = copy.content.notice;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Link
          href="/saved-textbooks"
          aria-label="Back to My Textbooks"
          className="no-print inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back
        </Link>
        <h1 className="min-w-0 flex-1 text-2xl font-bold sm:text-3xl">{textbook.topic}</h1>
        <div className="no-print flex flex-wrap items-center gap-2">
          {!sessionEnded && (
            <ConnectionIndicator
              connected={connected && (live?.connected ?? false)}
              keptOffline={live?.ready === true && live.unsynced > 0}
            />
          )}
          <ManageCollaboratorsDialog textbookId={textbook.id} isOwner={isOwner} />
          {isOwner && (
            <ShareDialog
              textbookId={textbook.id}
              book={{
                textbookId: textbook.id,
                topic: textbook.topic,
                content: copy.content,
                revision: copy.revision,
                onContentSaved: receive,
              }}
            />
          )}
          <ExportMenu textbookId={textbook.id} topic={textbook.topic} />
        </div>
      </div>
      {sessionEnded && (
        <p
          role="alert"
          className="mb-4 flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <LogIn className="h-4 w-4 shrink-0" aria-hidden />
          <span>Your session ended. Sign in again.</span>
          {/* A full page load: the app starts signed out and the sign-in page opens. */}
          <a href="/auth" className="font-medium underline underline-offset-2">
            Sign in
          </a>
        </p>
      )}
      {notice && (
        <p className="mb-4 flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{notice}</span>
        </p>
      )}
      <GenerationReportDetails report={copy.content.generation} />
      {/* The toolkit spans the page so, collapsed, the workspace follows at once (no band beside a taller column). */}
      <div className="no-print mb-4 min-w-0">
        <AcademicToolkit
          textbookId={textbook.id}
          topic={textbook.topic}
          content={copy.content}
          revision={copy.revision}
          onContentSaved={receive}
        />
      </div>
      <TextbookWorkspace
        textbookId={textbook.id}
        title={copy.content.title || textbook.topic}
        content={copy.content}
        materials={materials}
        live={live}
        status={<SaveStatusIndicator status={saveStatusOf(live)} pending={live?.unsynced ?? 0} />}
        editorFooter={ai.editorFooter}
        onSelectionChange={ai.onSelectionChange}
        materialActions={(m) => <DeleteMaterialButton textbookId={textbook.id} material={m} />}
        side={
          <>
            <CollaboratorsCard textbookId={textbook.id} activeUsers={activeUsers} />
            <BookAssistantCard
              textbookId={textbook.id}
              topic={textbook.topic}
              content={copy.content}
              revision={copy.revision}
              onContentSaved={receive}
              beforeRun={flushNow}
            />
            <MaterialsGenerator textbookId={textbook.id} chapters={copy.content.chapters} />
          </>
        }
      />
      {ai.overlay}
    </div>
  );
}
