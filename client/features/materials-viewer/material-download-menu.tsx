import * as Menu from '@radix-ui/react-dropdown-menu';
import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import {
  materialDownloadFileName,
  materialDownloadFormats,
  materialDownloadInfo,
  type MaterialDownloadFormat,
} from '@common/material-downloads';
import { fileNameFromDisposition } from '@common/export';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toast-store';
import { apiRequest, errorMessage } from '@client/lib/api';
import { saveFile } from '@client/lib/save-file';

export const materialDownloadUrl = (textbookId: number, materialId: number, format: MaterialDownloadFormat) =>
  `/api/textbooks/${textbookId}/materials/${materialId}/download?format=${format}`;

/** Fetches the file and hands it to the browser as a download; answers the name it was saved under. */
async function downloadMaterialFile(textbookId: number, materialId: number, title: string, format: MaterialDownloadFormat) {
  const res = await apiRequest('GET', materialDownloadUrl(textbookId, materialId, format));
  const name = fileNameFromDisposition(res.headers.get('Content-Disposition') ?? '') ?? materialDownloadFileName(title, format);
  saveFile(await res.blob(), name);
  return name;
}

const itemClass =
  'flex cursor-pointer flex-col items-start rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50 dark:data-[highlighted]:bg-slate-800';

/** The quiz view's Download menu: the quiz for an LMS (QTI, Moodle XML, GIFT) or as a handout to print (Word, PDF). */
export function MaterialDownloadMenu({ textbookId, materialId, title }: { textbookId: number; materialId: number; title: string }) {
  const [busy, setBusy] = useState<MaterialDownloadFormat | null>(null);

  async function run(format: MaterialDownloadFormat) {
    setBusy(format);
    try {
      const name = await downloadMaterialFile(textbookId, materialId, title, format);
      toast({ title: 'Download ready', description: `${name} was downloaded.`, variant: 'success', duration: 3000 });
    } catch (err) {
      toast({ title: 'Download failed', description: errorMessage(err, 'The download failed.'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" disabled={busy !== null} aria-busy={busy !== null}>
          {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Download className="h-4 w-4" aria-hidden />}
          Download
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-800 dark:bg-slate-900"
        >
          <Menu.Label className="px-2 py-1.5 text-sm font-semibold">Download these questions as</Menu.Label>
          {materialDownloadFormats.map((format) => (
            <Menu.Item key={format} className={itemClass} disabled={busy !== null} onSelect={() => void run(format)}>
              <span className="font-medium">{materialDownloadInfo[format].label}</span>
              <span className="text-xs text-slate-600 dark:text-slate-300">{materialDownloadInfo[format].description}</span>
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
