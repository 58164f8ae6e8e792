import * as Menu from '@radix-ui/react-dropdown-menu';
import { X } from 'lucide-react';
import { useState } from 'react';
import { exportFormatInfo, exportFormats, type ExportFormat, type PageSize } from '@common/export';
import {
  DownloadFormatChoices,
  DownloadMenuTrigger,
  DropdownMenuCheck,
  DropdownMenuChoice,
  DropdownMenuContent,
  DropdownMenuRadio,
  DropdownMenuSeparator,
} from '@client/components/ui/dropdown-menu';
import { toast } from '@client/components/ui/toast-store';
import { errorMessage } from '@client/lib/api';
import { keptReaderLink } from '../share/share.api';
import { defaultPageSize, downloadExport } from './export.api';

type ExportState =
  | { status: 'idle' }
  | { status: 'busy'; format: ExportFormat; received: number }
  | { status: 'error'; format: ExportFormat; message: string };

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The textbook page's Export menu: the five formats, whether to add the educational materials as an
 * appendix, and while a file is being made (seconds for a large book) a busy button and a status line.
 */
export function ExportMenu({ textbookId, topic }: { textbookId: number; topic: string }) {
  const [appendix, setAppendix] = useState(false);
  const [sourceNotes, setSourceNotes] = useState(false);
  const [pageSize, setPageSize] = useState<PageSize>(() => defaultPageSize());
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const isBusy = state.status === 'busy';

  async function run(format: ExportFormat, readerLink?: string) {
    setState({ status: 'busy', format, received: 0 });
    try {
      const name = await downloadExport(
        textbookId,
        topic,
        format,
        appendix,
        (received) => setState({ status: 'busy', format, received }),
        pageSize,
        { readerLink, sourceNotes },
      );
      setState({ status: 'idle' });
      toast({ title: 'Export ready', description: `${name} was downloaded.`, variant: 'success', duration: 3000 });
    } catch (err) {
      const message = errorMessage(err, 'The export failed.');
      setState({ status: 'error', format, message });
      toast({ title: 'Export failed', description: message, variant: 'destructive' });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Menu.Root>
        <DownloadMenuTrigger busy={isBusy}>{isBusy ? `Exporting ${exportFormatInfo[state.format].label}…` : 'Export'}</DownloadMenuTrigger>
        <DropdownMenuContent className="w-72">
          <DownloadFormatChoices
            heading="Download this textbook as"
            formats={exportFormats}
            info={exportFormatInfo}
            disabled={isBusy}
            onChoose={(format) => void run(format)}
          />
          <DropdownMenuChoice
            label="LMS cartridge, links only (.imscc)"
            description="Chapters open the reader page; quizzes import as usual"
            disabled={isBusy}
            onSelect={() => {
              const link = keptReaderLink(textbookId);
              if (link) void run('imscc', link);
              else
                toast({
                  title: 'No reader link yet',
                  description: 'Create the reader link in Share first: the cartridge links its chapters to that page.',
                  variant: 'destructive',
                });
            }}
          />
          <DropdownMenuSeparator />
          <DropdownMenuCheck checked={appendix} onCheckedChange={(checked) => setAppendix(checked === true)}>
            Include educational materials as an appendix
          </DropdownMenuCheck>
          <DropdownMenuCheck checked={sourceNotes} onCheckedChange={(checked) => setSourceNotes(checked === true)}>
            Source notes as endnotes
          </DropdownMenuCheck>
          <DropdownMenuSeparator />
          <Menu.Label className="px-2 py-1 text-xs font-semibold text-slate-600 dark:text-slate-300">Paper (PDF and Word)</Menu.Label>
          <Menu.RadioGroup value={pageSize} onValueChange={(value) => setPageSize(value === 'letter' ? 'letter' : 'a4')}>
            {(
              [
                ['a4', 'A4'],
                ['letter', 'US Letter'],
              ] as const
            ).map(([value, label]) => (
              <DropdownMenuRadio key={value} value={value}>
                {label}
              </DropdownMenuRadio>
            ))}
          </Menu.RadioGroup>
        </DropdownMenuContent>
      </Menu.Root>
      <div aria-live="polite" className="text-sm">
        {state.status === 'busy' && (
          <span className="text-slate-600 dark:text-slate-300">
            Preparing your {exportFormatInfo[state.format].label} file{state.received > 0 ? `: ${megabytes(state.received)} received` : '…'}
          </span>
        )}
        {state.status === 'error' && (
          <span role="alert" className="inline-flex items-center gap-1 text-red-700 dark:text-red-400">
            Export as {exportFormatInfo[state.format].label} failed: {state.message}
            <button
              type="button"
              aria-label="Dismiss the export error"
              className="rounded p-0.5 hover:bg-red-50"
              onClick={() => setState({ status: 'idle' })}
            >
              <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          </span>
        )}
      </div>
    </div>
  );
}
