import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { VersionEntry } from '@common/versions';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/toast-store';
import { fetchVersion, versionKey } from './versions.api';
import { formatVersionDate } from './version-date';
import { VersionOutlineView } from './version-outline-view';

export interface VersionDialogProps {
  textbookId: number;
  /** The list entry; the dialog fetches the version itself for its content. */
  entry: VersionEntry;
  isCurrent: boolean;
  isRestoring: boolean;
  onRestore: () => void;
  onClose: () => void;
}

/** 'View / Restore': topic, description and the content outline, with Cancel and 'Restore This Version'. */
export function VersionDialog({ textbookId, entry, isCurrent, isRestoring, onRestore, onClose }: VersionDialogProps) {
  const { data, error } = useQuery({
    queryKey: versionKey(textbookId, entry.id),
    queryFn: () => fetchVersion(textbookId, entry.id),
  });
  // The list entry usually carries the version, so the dialog shows it at once; the fetched copy replaces it.
  // A big book's older entries come without content (null): those wait for the fetch.
  const version = data ?? entry;
  const isWaiting = !data && (entry.content === null || entry.content === undefined);
  useEffect(() => {
    if (error) toast({ title: 'Error', description: error.message, variant: 'destructive' });
  }, [error]);
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Version {version.versionNumber}</DialogTitle>
          <DialogDescription>{formatVersionDate(version.createdAt)}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="font-medium text-slate-500">Topic</dt>
            <dd>{version.topic}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Description</dt>
            <dd>{version.description}</dd>
          </div>
          <div>
            <dt className="mb-1 font-medium text-slate-500">Content structure</dt>
            <dd>
              {isWaiting && error ? (
                <p className="text-sm text-red-600 dark:text-red-400">{error.message}</p>
              ) : isWaiting ? (
                <p className="text-sm text-slate-500">Loading content structure...</p>
              ) : (
                <VersionOutlineView content={version.content} />
              )}
            </dd>
          </div>
        </dl>
        {isCurrent && <p className="mt-3 text-sm text-slate-500">This is the textbook as it stands now.</p>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onRestore} disabled={isRestoring || isCurrent || isWaiting}>
            {isRestoring ? 'Restoring...' : 'Restore This Version'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
