import * as Menu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import {
  materialDownloadFileName,
  materialDownloadFormats,
  materialDownloadInfo,
  type MaterialDownloadFormat,
} from '@common/material-downloads';
import { fileNameFromDisposition } from '@common/export';
import { DownloadFormatChoices, DownloadMenuTrigger, DropdownMenuContent } from '@client/components/ui/dropdown-menu';
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
      <DownloadMenuTrigger busy={busy !== null}>Download</DownloadMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DownloadFormatChoices
          heading="Download these questions as"
          formats={materialDownloadFormats}
          info={materialDownloadInfo}
          disabled={busy !== null}
          onChoose={(format) => void run(format)}
        />
      </DropdownMenuContent>
    </Menu.Root>
  );
}
