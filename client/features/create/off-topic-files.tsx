import { Button } from '@client/components/ui/button';

export interface OffTopicFile {
  filename: string;
  reason: string;
}

/**
 * Files that do not mention the topic the user typed, each with the server's reason: the user leaves the file out
 * (it is removed with the references found only in it) or keeps it. Nothing is left out without this choice.
 */
export function OffTopicFiles({
  files,
  onLeaveOut,
  onKeep,
}: {
  files: OffTopicFile[];
  onLeaveOut: (filename: string) => void;
  onKeep: (filename: string) => void;
}) {
  if (files.length === 0) return null;
  return (
    <section
      aria-label="Files that do not match the topic"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950"
    >
      {files.map((f) => (
        <div key={f.filename} className="flex flex-wrap items-center gap-2" data-testid="off-topic-file">
          <p className="flex-1">{f.reason}. Leave it out of the book, or keep it?</p>
          <Button size="sm" variant="outline" onClick={() => onLeaveOut(f.filename)}>
            Leave {f.filename} out
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onKeep(f.filename)}>
            Keep {f.filename}
          </Button>
        </div>
      ))}
    </section>
  );
}
