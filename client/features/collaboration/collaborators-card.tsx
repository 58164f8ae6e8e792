import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import type { ActiveCollaborator } from '@common/realtime';
import { useAuth } from '@client/app/auth-context';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { textbookKey, type TextbookResponse } from '../textbook/textbook.api';
import { collaboratorsKey, fetchCollaborators } from './collaboration.api';

interface Person {
  id: number;
  username: string;
  isOwner: boolean;
}

/**
 * Everyone on the textbook (owner and collaborators) with an 'Active'
 * badge for those connected now. The owner's name comes from the collaborators
 * list when the server includes it, else from presence or the signed-in user.
 */
export function CollaboratorsCard({ textbookId, activeUsers }: { textbookId: number; activeUsers: ActiveCollaborator[] }) {
  const { user } = useAuth();
  const {
    data: entries,
    isLoading,
    isError,
  } = useQuery({ queryKey: collaboratorsKey(textbookId), queryFn: () => fetchCollaborators(textbookId) });
  // The page has already loaded the textbook; read it from the cache without fetching again.
  const { data: textbook } = useQuery<TextbookResponse>({ queryKey: textbookKey(textbookId), enabled: false });
  const ownerId = textbook?.userId;

  const people: Person[] = [];
  const add = (id: number, username: string, isOwner: boolean) => {
    if (!people.some((p) => p.id === id)) people.push({ id, username, isOwner });
  };
  const ownerEntry = entries?.find((e) => e.role === 'owner' || e.user.id === ownerId);
  if (ownerEntry) add(ownerEntry.user.id, ownerEntry.user.username, true);
  else if (ownerId !== undefined) {
    const ownerName = (user?.id === ownerId ? user.username : undefined) ?? activeUsers.find((u) => u.userId === ownerId)?.username;
    if (ownerName) add(ownerId, ownerName, true);
  }
  for (const e of entries ?? []) add(e.user.id, e.user.username, false);
  // Someone connected but not yet in the fetched list (added a moment ago) still shows.
  for (const u of activeUsers) add(u.userId, u.username, u.userId === ownerId);

  const active = new Set(activeUsers.map((u) => u.userId));
  return (
    <Card data-testid="collaborators-card">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Users className="h-4 w-4" aria-hidden /> Collaborators
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p className="text-sm text-slate-500">Loading collaborators...</p>
        ) : isError && people.length === 0 ? (
          <p className="text-sm text-slate-500">Could not load collaborators.</p>
        ) : people.length === 0 ? (
          <p className="text-sm text-slate-500">No collaborators yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {people.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 text-sm" data-testid={`collaborator-${p.username}`}>
                <span className="truncate">
                  {p.username}
                  {p.isOwner && <span className="ml-1 text-xs text-slate-500">(owner)</span>}
                </span>
                {active.has(p.id) && (
                  <Badge className="bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">Active</Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
