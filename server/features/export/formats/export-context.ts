import type { BookDocument } from '@common/book-render/book-model';
import type { MaterialInput } from '@common/book-render/material-blocks';
import type { PageSize } from '@common/export';
import type { ImageAsset } from '../image-assets';

/** What every writer gets. */
export interface ExportContext {
  doc: BookDocument;
  images: ReadonlyMap<string, ImageAsset>;
  /** Every stored material (the cartridge makes its quizzes from them, whatever the appendix choice). */
  materials: readonly MaterialInput[];
  /** The paper asked for (PDF and Word), if any. */
  pageSize?: PageSize;
  /** The book's reader page: the cartridge's chapters become links to it (the links-only cartridge). */
  readerUrl?: string;
}
