import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Search, UserMinus, UserPlus, Users } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { limits } from '@common/limits';
import { useAuth } from '@client/app/auth-context';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@client/components/ui/dialog';
import { Input, Label } from '@client/components/ui/input';
import { toast } from '@client/components/ui/toast-store';
import { ApiError, errorMessage, serverMessageOr } from '@client/lib/api';
import {
  addCollaborator,
  collaboratorsKey,
  fetchCollaborators,
  removeCollaborator,
  searchUsers,
  type UserSearchResult,
} from './collaboration.api';

/** A non-success answer is a "Failed to ..." toast; anything else thrown is a generic 'Error'. */
function failureToast(err: unknown, title: string, fallback: string) {
  if (err instanceof ApiError) toast({ title, description: serverMessageOr(err, fallback), variant: 'destructive' });
  else toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });
}

/**
 * The owner adds and removes collaborators; anyone may see the
 * list and remove themself. The server enforces the same rules (403); this
 * only hides what cannot work.
 */
export function ManageCollaboratorsDialog({ textbookId, isOwner }: { textbookId: number; isOwner: boolean }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<UserSearchResult[] | null>(null);
  const [searching, setSearching] = useState(false);

  const { data: entries = [], isLoading } = useQuery({
    queryKey: collaboratorsKey(textbookId),
    queryFn: () => fetchCollaborators(textbookId),
    enabled: open,
  });
  const collaboratorEntries = entries.filter((e) => e.role !== 'owner');
  const ownerEntry = entries.find((e) => e.role === 'owner');
  const amCollaborator = !isOwner && collaboratorEntries.some((e) => e.user.id === user?.id);
  const existingIds = new Set(entries.map((e) => e.user.id));

  const addMutation = useMutation({
    mutationFn: (person: UserSearchResult) => addCollaborator(textbookId, person.id),
    onSuccess: async (_void, person) => {
      toast({ title: 'Collaborator Added', description: `${person.username} can now edit this textbook.` });
      setResults((list) => list?.filter((r) => r.id !== person.id) ?? null);
      await queryClient.invalidateQueries({ queryKey: collaboratorsKey(textbookId) });
    },
    onError: (err) => failureToast(err, 'Failed to Add Collaborator', 'Could not add the collaborator. Please try again.'),
  });

  const removeMutation = useMutation({
    mutationFn: (person: { id: number; username: string; block?: boolean }) => removeCollaborator(textbookId, person.id, person.block),
    onSuccess: async (_void, person) => {
      const leftMyself = person.id === user?.id;
      toast({
        title: 'Collaborator Removed',
        description: leftMyself
          ? person.block && ownerEntry
            ? `You are no longer a collaborator on this textbook, and ${ownerEntry.user.username} cannot add you to their textbooks again.`
            : 'You are no longer a collaborator on this textbook.'
          : `${person.username} can no longer edit this textbook.`,
      });
      if (leftMyself) {
        // Without access the textbook page would only show an error.
        setOpen(false);
        queryClient.removeQueries({ queryKey: collaboratorsKey(textbookId) });
        navigate('/saved-textbooks');
        return;
      }
      await queryClient.invalidateQueries({ queryKey: collaboratorsKey(textbookId) });
    },
    onError: (err) => failureToast(err, 'Failed to Remove Collaborator', 'Could not remove the collaborator. Please try again.'),
  });

  const runSearch = async () => {
    const q = term.trim();
    if (q.length < limits.userSearchMin) {
      toast({ title: 'Search Term Too Short', description: 'Please enter at least 2 characters to search.', variant: 'destructive' });
      return;
    }
    setSearching(true);
    try {
      const found = (await searchUsers(q, textbookId)).filter((u) => !existingIds.has(u.id) && u.id !== user?.id);
      setResults(found);
      if (found.length === 0) toast({ title: 'No Users Found', description: 'No users match your search criteria.' });
    } catch (err) {
      setResults(null);
      toast({
        title: 'Search Failed',
        description: serverMessageOr(err, 'Could not search for users. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSearching(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void runSearch();
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Users className="h-4 w-4" aria-hidden /> Manage Collaborators
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage Collaborators</DialogTitle>
          <DialogDescription>
            {isOwner
              ? 'Add or remove collaborators for this textbook. Collaborators can edit the textbook content.'
              : 'View collaborators for this textbook.'}
          </DialogDescription>
        </DialogHeader>

        <section aria-labelledby="current-collaborators" className="flex flex-col gap-2">
          <h4 id="current-collaborators" className="text-sm font-medium">
            Current Collaborators
          </h4>
          {isLoading ? (
            <p className="text-sm text-slate-500">Loading collaborators...</p>
          ) : collaboratorEntries.length === 0 ? (
            <p className="text-sm text-slate-500">No collaborators yet.</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {collaboratorEntries.map((e) => (
                <li
                  key={e.user.id}
                  className="flex items-center justify-between rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-800"
                >
                  <span>{e.user.username}</span>
                  {(isOwner || e.user.id === user?.id) && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${e.user.username}`}
                      disabled={removeMutation.isPending}
                      onClick={() => removeMutation.mutate({ id: e.user.id, username: e.user.username })}
                    >
                      <UserMinus className="h-4 w-4" aria-hidden /> Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>

        {amCollaborator && user && (
          <section aria-labelledby="leave-textbook" className="mt-4 flex flex-col gap-2">
            <h4 id="leave-textbook" className="text-sm font-medium">
              Leave this textbook
            </h4>
            <p className="text-sm text-slate-500">
              {ownerEntry
                ? `Leaving and blocking also stops ${ownerEntry.user.username} from adding you to any of their textbooks again.`
                : 'You can leave this textbook at any time.'}
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={removeMutation.isPending}
                onClick={() => removeMutation.mutate({ id: user.id, username: user.username })}
              >
                Leave book
              </Button>
              {ownerEntry && (
                <Button
                  variant="destructive"
                  size="sm"
                  disabled={removeMutation.isPending}
                  onClick={() => removeMutation.mutate({ id: user.id, username: user.username, block: true })}
                >
                  Leave and block {ownerEntry.user.username}
                </Button>
              )}
            </div>
          </section>
        )}

        {isOwner && (
          <section aria-labelledby="add-collaborator" className="mt-4 flex flex-col gap-2">
            <Label id="add-collaborator" htmlFor="collaborator-search">
              Add Collaborator
            </Label>
            <div className="flex gap-2">
              <Input
                id="collaborator-search"
                placeholder="Search users by username"
                value={term}
                onChange={(e) => setTerm(e.target.value)}
                onKeyDown={onKeyDown}
                autoComplete="off"
              />
              <Button variant="secondary" onClick={() => void runSearch()} disabled={searching} aria-label="Search users">
                <Search className="h-4 w-4" aria-hidden /> {searching ? 'Searching...' : 'Search'}
              </Button>
            </div>
            {results && results.length > 0 && (
              <ul className="flex flex-col gap-1" aria-label="Search results">
                {results.map((r) => (
                  <li
                    key={r.id}
                    className="flex items-center justify-between rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-800"
                  >
                    <span>{r.username}</span>
                    <Button
                      size="sm"
                      aria-label={`Add ${r.username}`}
                      disabled={addMutation.isPending}
                      onClick={() => addMutation.mutate(r)}
                    >
                      <UserPlus className="h-4 w-4" aria-hidden /> Add
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </DialogContent>
    </Dialog>
  );
}
