import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, ExternalLink, Link2, Share2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import type { MaterialContentType } from '@common/materials';
import type { ShareLinkStatus } from '@common/share';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@client/components/ui/dialog';
import { Input, Label } from '@client/components/ui/input';
import { toast } from '@client/components/ui/toast-store';
import { errorMessage } from '@client/lib/api';
import { useServerMaterials } from '../materials/use-server-materials';
import type { ToolkitProps } from '../toolkit/use-toolkit-save';
import { LanguageSelect } from './language-select';
import { LicenseSelect } from './license-select';
import { formatLinkDate } from './link-date';
import { SharedMaterialsChoice } from './shared-materials-choice';
import { SourceNotesChoice } from './source-notes-choice';
import {
  createShareLink,
  fetchShareStatus,
  forgetLink,
  rememberedLink,
  rememberLink,
  revokeShareLink,
  shareKey,
  updateSharedMaterials,
  updateShareSourceNotes,
} from './share.api';

const failed = (title: string) => (err: unknown) => toast({ title, description: errorMessage(err), variant: 'destructive' });

/**
 * The owner's reader link (docs/product.md, "Reader link"): create it, copy it, choose the
 * materials it shows, replace it or revoke it; and the book's licence (`book`: the page's stored copy). The server refuses everyone but the owner; the
 * page shows this dialog to the owner only.
 */
export function ShareDialog({ textbookId, book }: { textbookId: number; book?: ToolkitProps }) {
  const queryClient = useQueryClient();
  // The same query as the navigator's materials: only stored materials can be shared.
  const serverMaterials = useServerMaterials(textbookId);
  const materialCounts = useMemo(() => {
    const counts: Partial<Record<MaterialContentType, number>> = {};
    for (const m of serverMaterials) counts[m.contentType as MaterialContentType] = (counts[m.contentType as MaterialContentType] ?? 0) + 1;
    return counts;
  }, [serverMaterials]);
  const [open, setOpen] = useState(false);
  const [draftTypes, setDraftTypes] = useState<MaterialContentType[]>([]);
  const [draftNotes, setDraftNotes] = useState(false);
  const [confirming, setConfirming] = useState<'replace' | 'revoke' | null>(null);
  const urlInput = useRef<HTMLInputElement>(null);

  const status = useQuery({ queryKey: shareKey(textbookId), queryFn: () => fetchShareStatus(textbookId), enabled: open });
  const link = status.data?.link ?? null;
  const url = link ? rememberedLink(textbookId, link.createdAt) : null;
  const setStatus = (next: ShareLinkStatus) => queryClient.setQueryData(shareKey(textbookId), next);

  const create = useMutation({
    mutationFn: (types: MaterialContentType[] | undefined) => createShareLink(textbookId, types, types ? draftNotes : undefined),
    onSuccess: (created, types) => {
      rememberLink(textbookId, created);
      setStatus({ link: { createdAt: created.createdAt, materialTypes: created.materialTypes, sourceNotes: created.sourceNotes } });
      setConfirming(null);
      toast({
        title: types ? 'Reader link created' : 'Reader link replaced',
        description: types ? 'Copy it and give it to your students.' : 'The previous link no longer works.',
      });
    },
    onError: failed('Could not create the link'),
  });
  const revoke = useMutation({
    mutationFn: () => revokeShareLink(textbookId),
    onSuccess: () => {
      forgetLink(textbookId);
      setStatus({ link: null });
      setConfirming(null);
      toast({ title: 'Reader link revoked', description: 'Anyone opening it now sees that it is no longer available.' });
    },
    onError: failed('Could not revoke the link'),
  });
  const update = useMutation({
    mutationFn: (types: MaterialContentType[]) => updateSharedMaterials(textbookId, types),
    onSuccess: setStatus,
    onError: failed('Could not change the shared materials'),
  });
  const notes = useMutation({
    mutationFn: (on: boolean) => updateShareSourceNotes(textbookId, on),
    // The box shows the choice at once; a refusal puts the link's stored choice back.
    onMutate: (on) => {
      if (link) setStatus({ link: { ...link, sourceNotes: on } });
      return link;
    },
    onSuccess: setStatus,
    onError: (err, _on, previous) => {
      if (previous) setStatus({ link: previous });
      failed('Could not change the source notes')(err);
    },
  });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'Paste it wherever your students will find it.', duration: 3000 });
    } catch {
      // Clipboard access is refused outside secure pages: select the address so Ctrl+C copies it.
      urlInput.current?.select();
      toast({ title: 'Copy the selected link', description: 'Your browser did not allow copying; press Ctrl+C (Cmd+C on a Mac).' });
    }
  };

  const busy = create.isPending || revoke.isPending;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setConfirming(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Share2 className="h-4 w-4" aria-hidden /> Share
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share with students</DialogTitle>
          <DialogDescription>
            Anyone with the reader link can read this textbook without an account. They cannot change anything.
          </DialogDescription>
        </DialogHeader>

        {book && <LicenseSelect {...book} />}
        {book && <LanguageSelect {...book} />}

        {status.isLoading ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">Loading the link...</p>
        ) : status.error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errorMessage(status.error, 'Could not load the link.')}
          </p>
        ) : !link ? (
          <div className="flex flex-col gap-4">
            <p className="text-sm">This textbook has no reader link.</p>
            <SharedMaterialsChoice counts={materialCounts} value={draftTypes} onChange={setDraftTypes} disabled={busy} />
            <SourceNotesChoice value={draftNotes} onChange={setDraftNotes} disabled={busy} />
            <Button className="self-start" onClick={() => create.mutate(draftTypes)} disabled={busy}>
              <Link2 className="h-4 w-4" aria-hidden /> {create.isPending ? 'Creating link...' : 'Create link'}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            {url ? (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="reader-link-url">Reader link</Label>
                <div className="flex gap-2">
                  <Input id="reader-link-url" ref={urlInput} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
                  <Button variant="secondary" onClick={() => void copy()}>
                    <Copy className="h-4 w-4" aria-hidden /> Copy
                  </Button>
                </div>
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 self-start text-sm text-indigo-700 underline dark:text-indigo-300"
                >
                  <ExternalLink className="h-3.5 w-3.5" aria-hidden /> Open the reader page
                </a>
              </div>
            ) : (
              <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                A reader link is active, but its address is kept only by the browser that created it (the server stores no copy). To copy it
                here, replace it with a new link; the old address then stops working.
              </p>
            )}
            <p className="text-xs text-slate-600 dark:text-slate-300">Created {formatLinkDate(link.createdAt)}</p>
            <SharedMaterialsChoice
              counts={materialCounts}
              value={link.materialTypes}
              onChange={(types) => update.mutate(types)}
              disabled={update.isPending || busy}
            />
            <SourceNotesChoice value={link.sourceNotes} onChange={(on) => notes.mutate(on)} disabled={notes.isPending || busy} />
            {confirming ? (
              <div role="group" aria-label="Confirm" className="rounded-md border border-red-200 p-3 dark:border-red-900">
                <p className="text-sm">
                  {confirming === 'revoke'
                    ? 'Revoke the link? Students who open it will see that it is no longer available.'
                    : 'Replace the link? The current address stops working; you give students the new one.'}
                </p>
                <div className="mt-2 flex gap-2">
                  <Button
                    variant="destructive"
                    size="sm"
                    disabled={busy}
                    onClick={() => (confirming === 'revoke' ? revoke.mutate() : create.mutate(undefined))}
                  >
                    {confirming === 'revoke' ? 'Revoke link' : 'Replace link'}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setConfirming(null)}>
                    Cancel
                  </Button>
                </div>
              </div>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button variant={url ? 'outline' : 'default'} size="sm" onClick={() => setConfirming('replace')}>
                  {url ? 'New link' : 'Create a new link'}
                </Button>
                <Button variant="outline" size="sm" className="text-red-700 dark:text-red-300" onClick={() => setConfirming('revoke')}>
                  Revoke...
                </Button>
              </div>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
