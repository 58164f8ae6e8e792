import { format } from 'date-fns';
import { BookOpen, FileText, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Badge, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@client/components/ui/card';
import type { TextbookListItem } from '../textbook/textbook.api';

/** 'MMM d, yyyy' as docs/product.md sets for the list; a bad timestamp shows nothing rather than 'Invalid Date'. */
export function formatCreatedOn(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy');
}

/** When a book was last saved, to the minute: two books on one topic are told apart by it. */
export function formatLastEdited(updatedAt: string | undefined): string {
  const date = updatedAt ? new Date(updatedAt) : undefined;
  return date && !Number.isNaN(date.getTime()) ? format(date, 'MMM d, yyyy h:mm a') : '';
}

/** "a.pdf, b.docx and 2 more". */
export function sourcesLine(names: string[] | undefined): string {
  const list = [...new Set(names ?? [])];
  if (list.length === 0) return '';
  return list.length <= 3 ? list.join(', ') : `${list.slice(0, 3).join(', ')} and ${list.length - 3} more`;
}

/** The list's chapter count, else the chapters of its content (a summary, an object or a JSON string). */
export function chapterCountOf(textbook: Pick<TextbookListItem, 'content' | 'chapterCount'>): number {
  if (typeof textbook.chapterCount === 'number') return textbook.chapterCount;
  let content: unknown = textbook.content;
  if (typeof content === 'string') {
    try {
      content = JSON.parse(content);
    } catch {
      return 0;
    }
  }
  const chapters = (content as { chapters?: unknown } | null)?.chapters;
  return Array.isArray(chapters) ? chapters.length : 0;
}

export function TextbookCard({
  textbook,
  onDelete,
  isDeleting,
}: {
  textbook: TextbookListItem;
  onDelete: (id: number) => void;
  isDeleting: boolean;
}) {
  const chapters = chapterCountOf(textbook);
  const edited = formatLastEdited(textbook.updatedAt);
  const from = sourcesLine(textbook.sourceNames);
  return (
    <Card className="flex flex-col" data-testid={`textbook-card-${textbook.id}`}>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle as="h2" className="min-w-0 leading-snug [overflow-wrap:anywhere]">
            {textbook.topic}
          </CardTitle>
          {textbook.isOwner === false && <Badge>Shared</Badge>}
        </div>
        <CardDescription>Created on {formatCreatedOn(textbook.createdAt)}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <BookOpen className="h-4 w-4" aria-hidden />
          {chapters} {chapters === 1 ? 'chapter' : 'chapters'}
        </p>
        {from && (
          <p className="mt-2 flex items-start gap-2 text-sm text-slate-600 dark:text-slate-300" data-testid="textbook-sources">
            <FileText className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">From {from}</span>
          </p>
        )}
        {edited && <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Last edited {edited}</p>}
      </CardContent>
      <CardFooter className="justify-between gap-2">
        <Link
          href={`/textbook/${textbook.id}`}
          className="inline-flex h-9 items-center rounded-md bg-indigo-600 px-3 text-sm font-medium text-white hover:bg-indigo-700"
        >
          View Textbook
        </Link>
        {textbook.isOwner !== false && (
          <Button
            variant="outline"
            size="icon"
            aria-label={`Delete ${textbook.topic}`}
            disabled={isDeleting}
            onClick={() => onDelete(textbook.id)}
          >
            <Trash2 className="h-4 w-4 text-red-600" />
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
