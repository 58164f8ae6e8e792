import { Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@client/components/ui/button';
import { FieldError } from '@client/components/ui/input';
import { FileItem } from './file-item';
import { acceptedKindsLine, bibliographyPages, fileInputAccept, isBibliographyFile } from './file-types';

export interface FilePickerProps {
  files: File[];
  error?: string;
  onPick: (files: File[]) => void;
  onRemove: (index: number) => void;
}

/** File mode: choose several files here or drop them anywhere on the form. */
export function FilePicker({ files, error, onPick, onRemove }: FilePickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-3">
      <div className="flex flex-col items-center gap-2 rounded-lg border-2 border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-700">
        <Upload className="h-8 w-8 text-slate-400" aria-hidden />
        <p className="text-sm font-medium">Drag and drop your course materials here</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{acceptedKindsLine}; several at once are fine</p>
        <label htmlFor={inputId} className="sr-only">
          Upload files
        </label>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          multiple
          accept={fileInputAccept}
          className="hidden"
          data-testid="file-input"
          onChange={(e) => {
            onPick(Array.from(e.target.files ?? []));
            // Clearing lets the same file be chosen again after it was removed.
            e.target.value = '';
          }}
        />
        <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
          Choose Files
        </Button>
      </div>
      <FieldError message={error} />
      {files.length > 0 && (
        <ul className="space-y-2" aria-label="Selected files">
          {files.map((f, i) => (
            <FileItem
              key={`${f.name}-${f.size}-${f.lastModified}`}
              file={f}
              onRemove={() => onRemove(i)}
              {...(isBibliographyFile(f) ? { bibliographyFor: bibliographyPages(files) } : {})}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
