import { Input, Label, Textarea } from '@client/components/ui/input';

export interface DirectInputProps {
  content: string;
  chapterTitle: string;
  onContentChange: (value: string) => void;
  onChapterTitleChange: (value: string) => void;
}

/** Direct mode: typed content and an optional chapter title. */
export function DirectInput({ content, chapterTitle, onContentChange, onChapterTitleChange }: DirectInputProps) {
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor="chapter-title">Chapter Title (optional)</Label>
        <Input
          id="chapter-title"
          value={chapterTitle}
          placeholder="e.g., Chapter 1: Foundations"
          onChange={(e) => onChapterTitleChange(e.target.value)}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="direct-content">Content</Label>
        <Textarea
          id="direct-content"
          value={content}
          rows={12}
          className="min-h-[240px]"
          placeholder="Paste or type your chapter content here..."
          onChange={(e) => onContentChange(e.target.value)}
        />
      </div>
    </div>
  );
}
