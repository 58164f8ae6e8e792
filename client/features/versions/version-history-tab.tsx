import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { parseTextbookContent, type TextbookContent } from '@common/textbook';
import type { VersionEntry } from '@common/versions';
import { Button } from '@client/components/ui/button';
import { Badge, Spinner } from '@client/components/ui/card';
import { toast } from '@client/components/ui/toast-store';
import { textbookKey } from '../textbook/textbook.api';
import { formatVersionDate } from './version-date';
import { VersionDialog } from './version-dialog';
import { fetchVersions, restoreVersion, versionsKey } from './versions.api';

export interface VersionHistoryTabProps {
  textbookId: number;
  revision: number;
  onContentSaved: (content: TextbookContent, revision: number) => void;
}

/** The list, 'View / Restore', and the empty and error states. */
export function VersionHistoryTab({ textbookId, revision, onContentSaved }: VersionHistoryTabProps) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<VersionEntry | null>(null);
  const {
    data: versions,
    error,
    isLoading,
    isFetching,
    refetch,
  } = useQuery({
    queryKey: versionsKey(textbookId),
    queryFn: () => fetchVersions(textbookId),
  });

  useEffect(() => {
    if (error) toast({ title: 'Error', description: error.message, variant: 'destructive' });
  }, [error]);

  // Any save (typing, a collaborator, the toolkit) makes or updates a version: the list follows the revision.
  const seenRevision = useRef(revision);
  useEffect(() => {
    if (revision === seenRevision.current) return;
    seenRevision.current = revision;
    void queryClient.invalidateQueries({ queryKey: versionsKey(textbookId) });
  }, [queryClient, revision, textbookId]);

  const restore = useMutation({
    mutationFn: (entry: VersionEntry) => restoreVersion(textbookId, entry.id),
    onSuccess: (res, entry) => {
      const parsed = parseTextbookContent(res.content);
      if (parsed.ok && typeof res.revision === 'number') onContentSaved(parsed.content, res.revision);
      setSelected(null);
      toast({
        title: 'Version Restored',
        description: `The textbook has been restored to version ${entry.versionNumber}.`,
        variant: 'success',
      });
    },
    onError: () => {
      toast({ title: 'Restore Failed', description: 'Could not restore the selected version. Please try again.', variant: 'destructive' });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: versionsKey(textbookId) });
      void queryClient.invalidateQueries({ queryKey: textbookKey(textbookId) });
    },
  });

  if (isLoading) return <Spinner className="mx-auto my-6" label="Loading version history" />;

  if (error) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-md border border-red-200 bg-red-50 p-6 text-center text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
      >
        <p className="font-medium">Could not load the version history.</p>
        <p>{error.message}</p>
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Refresh
        </Button>
      </div>
    );
  }

  if (!versions || versions.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-700">
        <History className="h-6 w-6" aria-hidden />
        <p>No version history available yet. Versions are automatically created when you update your textbook.</p>
      </div>
    );
  }

  return (
    <>
      <ul aria-label="Versions" className="flex flex-col gap-2">
        {versions.map((v, i) => {
          const isCurrent = i === 0 && v.revision === revision;
          return (
            <li
              key={v.id}
              data-testid="version-item"
              className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
            >
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 font-medium">
                  <span data-testid="version-number">Version {v.versionNumber}</span>
                  {isCurrent && <Badge>Current</Badge>}
                </p>
                <p className="text-xs text-slate-500">{formatVersionDate(v.createdAt)}</p>
                <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="version-description">
                  {v.description}
                </p>
              </div>
              <Button variant="outline" size="sm" onClick={() => setSelected(v)} aria-label={`View / Restore Version ${v.versionNumber}`}>
                View / Restore
              </Button>
            </li>
          );
        })}
      </ul>
      {selected && (
        <VersionDialog
          textbookId={textbookId}
          entry={selected}
          isCurrent={versions[0]?.id === selected.id && selected.revision === revision}
          isRestoring={restore.isPending}
          onRestore={() => restore.mutate(selected)}
          onClose={() => setSelected(null)}
        />
      )}
    </>
  );
}
