import { File as FileIcon, FileText, FileType2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { readFilePreview, type FilePreviewInfo } from './file-preview';
import { fileKind, fileTypeLabel, formatFileSize, isBibliographyFile } from './file-types';

const kindLabels = {
  pdf: 'PDF document',
  docx: 'Word document',
  pptx: 'Slides (speaker notes included)',
  image: 'Scan or photo of a page (its text is recognized)',
  txt: 'Text file',
} as const;

/**
 * One chosen file: name, size in MB, type, a preview, and a remove button. A bibliography file says which pages
 * it is read for (`bibliographyFor`: the Markdown, text and Word files chosen with it).
 */
export function FileItem({ file, onRemove, bibliographyFor }: { file: File; onRemove: () => void; bibliographyFor?: string[] }) {
  const bibliography = isBibliographyFile(file);
  const kind = bibliography ? 'bib' : fileKind(file);
  const [preview, setPreview] = useState<FilePreviewInfo | null>(null);

  useEffect(() => {
    let isCurrent = true;
    if (kind && kind !== 'bib') {
      readFilePreview(file, kind)
        .then((p) => isCurrent && setPreview(p))
        // An unreadable file still shows name, size and type; the server reports what is wrong with it.
        .catch(() => isCurrent && setPreview({}));
    }
    return () => {
      isCurrent = false;
    };
  }, [file, kind]);

  const Icon = kind === 'pdf' ? FileType2 : kind === 'txt' ? FileText : FileIcon;
  return (
    <li className="flex gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-800" data-testid="file-item">
      <Icon className="mt-0.5 h-8 w-8 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={file.name}>
          {file.name}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          <span>{formatFileSize(file.size)}</span> · <span>{fileTypeLabel(file)}</span>
        </p>
        <div
          className="mt-1 text-xs text-slate-600 dark:text-slate-300"
          data-testid="file-preview"
          data-state={preview || !kind || kind === 'bib' ? 'ready' : 'loading'}
        >
          {preview?.lines && preview.lines.length > 0 && (
            <pre className="max-h-24 overflow-hidden whitespace-pre-wrap rounded bg-slate-50 p-2 font-sans dark:bg-slate-950">
              {preview.lines.join('\n')}
            </pre>
          )}
          {preview?.lines && preview.lines.length === 0 && <p className="italic">Empty text file</p>}
          {kind === 'pdf' && (
            <p>
              {kindLabels.pdf}
              {preview?.pages ? ` · ${preview.pages} ${preview.pages === 1 ? 'page' : 'pages'}` : ''}
            </p>
          )}
          {kind === 'docx' && <p>{kindLabels.docx}</p>}
          {kind === 'pptx' && <p>{kindLabels.pptx}</p>}
          {kind === 'image' && <p>{kindLabels.image}</p>}
          {kind === 'bib' && (
            <p data-testid="bibliography-for">
              {bibliographyFor?.length
                ? `Bibliography for ${bibliographyFor.join(', ')}`
                : 'Bibliography: choose the Markdown page or Word document that cites it too'}
            </p>
          )}
        </div>
      </div>
      <Button variant="ghost" size="icon" onClick={onRemove} aria-label={`Remove ${file.name}`}>
        <X className="h-4 w-4" />
      </Button>
    </li>
  );
}
