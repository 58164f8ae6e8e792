import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import {
  Bold,
  Captions,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Sigma,
  Strikethrough,
  Underline,
  Undo2,
} from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { insertImageFile, promptForAltText, promptForFormula } from './editor-commands';

function ToolButton({
  label,
  isActive,
  onClick,
  disabled,
  children,
}: {
  label: string;
  isActive?: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={label}
      title={label}
      aria-pressed={isActive === undefined ? undefined : isActive}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn('h-8 px-2', isActive && 'bg-slate-200 dark:bg-slate-700')}
    >
      {children}
    </Button>
  );
}

export function EditorToolbar({
  editor,
  textbookId,
  extra,
  onLink,
}: {
  editor: Editor;
  textbookId?: number;
  extra?: ReactNode;
  /** Opens the link dialog (Ctrl+K / Cmd+K does the same). */
  onLink: () => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [isUploading, setIsUploading] = useState(false);
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      image: e.isActive('image'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="no-print flex flex-wrap items-center gap-0.5 border-b border-slate-200 p-1 dark:border-slate-700"
    >
      <ToolButton label="Bold" isActive={s.bold} onClick={() => chain().toggleBold().run()}>
        <Bold className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Italic" isActive={s.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Underline" isActive={s.underline} onClick={() => chain().toggleUnderline().run()}>
        <Underline className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Strikethrough" isActive={s.strike} onClick={() => chain().toggleStrike().run()}>
        <Strikethrough className="h-4 w-4" />
      </ToolButton>
      <span className="mx-1 h-5 w-px bg-slate-200 dark:bg-slate-700" aria-hidden />
      <ToolButton label="Heading 2" isActive={s.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Heading2 className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Heading 3" isActive={s.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Heading3 className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Bullet list" isActive={s.bullet} onClick={() => chain().toggleBulletList().run()}>
        <List className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Numbered list" isActive={s.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Quote" isActive={s.quote} onClick={() => chain().toggleBlockquote().run()}>
        <Quote className="h-4 w-4" />
      </ToolButton>
      <span className="mx-1 h-5 w-px bg-slate-200 dark:bg-slate-700" aria-hidden />
      <ToolButton label="Link" isActive={s.link} onClick={onLink}>
        <Link2 className="h-4 w-4" />
      </ToolButton>
      <ToolButton label={isUploading ? 'Uploading...' : 'Image'} disabled={isUploading} onClick={() => fileInput.current?.click()}>
        <ImagePlus className="h-4 w-4" />
        {isUploading && <span className="text-xs">Uploading...</span>}
      </ToolButton>
      {s.image && (
        <ToolButton label="Alt text of the picture" onClick={() => promptForAltText(editor)}>
          <Captions className="h-4 w-4" />
        </ToolButton>
      )}
      <ToolButton label="Formula" onClick={() => promptForFormula(editor)}>
        <Sigma className="h-4 w-4" />
      </ToolButton>
      <span className="mx-1 h-5 w-px bg-slate-200 dark:bg-slate-700" aria-hidden />
      <ToolButton label="Undo" disabled={!s.canUndo} onClick={() => chain().undo().run()}>
        <Undo2 className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Redo" disabled={!s.canRedo} onClick={() => chain().redo().run()}>
        <Redo2 className="h-4 w-4" />
      </ToolButton>
      {extra && <div className="ml-auto flex items-center gap-1">{extra}</div>}
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="hidden"
        data-testid="editor-image-input"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setIsUploading(true);
          try {
            await insertImageFile(editor, file, textbookId);
          } finally {
            setIsUploading(false);
          }
        }}
      />
    </div>
  );
}
