import type { Editor } from '@tiptap/core';
import { toast } from '@client/components/ui/toast-store';
import { errorMessage } from '@client/lib/api';
import { uploadImage } from '../textbook/textbook.api';
import { checkImageFile, readAsDataUrl } from './image-rules';
import { allowedLinkSchemes, decideLink, linkRel, linkTarget, type LinkDecision } from '@common/link-rules';

// Image and link toasts last 3000 ms.
const shortToast = 3000;

/** The address of the link at the caret or selection, empty when there is none. */
export function currentLink(editor: Editor): string {
  return (editor.getAttributes('link').href as string | undefined) ?? '';
}

/** A stretch of the document, as ProseMirror positions. */
export interface TextRange {
  from: number;
  to: number;
}

/**
 * Sets, removes or refuses a link from what the user typed (null: cancelled). Answers the decision so a dialog can
 * stay open on a refused address. `range` is the selection as it was when the user asked for the link: a dialog takes
 * the focus, and a live update arriving meanwhile can collapse the editor's own selection.
 */
export function applyLink(editor: Editor, answer: string | null, range?: TextRange): LinkDecision {
  const decision = decideLink(answer);
  if (range && range.from !== range.to && editor.state.selection.empty) {
    editor.commands.setTextSelection(range);
  }
  switch (decision.action) {
    case 'cancel':
      break;
    case 'remove':
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      toast({ title: 'Link removed', duration: shortToast });
      break;
    case 'refuse':
      toast({
        title: 'Invalid link',
        description: `Links must use one of these schemes: ${allowedLinkSchemes.join(', ')}.`,
        variant: 'destructive',
        duration: shortToast,
      });
      break;
    case 'set': {
      const attrs = { href: decision.href, target: linkTarget, rel: linkRel };
      const chain = editor.chain().focus().extendMarkRange('link');
      // With nothing selected the address itself becomes the linked text.
      const ok =
        editor.state.selection.empty && !editor.isActive('link')
          ? chain.insertContent({ type: 'text', text: decision.href, marks: [{ type: 'link', attrs }] }).run()
          : chain.setLink(attrs).run();
      if (ok) toast({ title: 'Link added', duration: shortToast });
      break;
    }
  }
  return decision;
}

/**
 * Image insertion: uploaded and stored when the book has an id, otherwise inserted
 * inline as a data URL and not saved to the database.
 */
export async function insertImageFile(editor: Editor, file: File, textbookId: number | undefined): Promise<void> {
  const check = checkImageFile(file);
  if (!check.ok) {
    toast({ title: check.title, description: check.description, variant: 'destructive', duration: shortToast });
    return;
  }
  try {
    if (textbookId !== undefined) {
      const src = await uploadImage(file, textbookId);
      editor.chain().focus().setImage({ src, alt: file.name, title: file.name }).run();
      toast({ title: 'Image uploaded and inserted', duration: shortToast });
    } else {
      const src = await readAsDataUrl(file);
      editor.chain().focus().setImage({ src, alt: file.name, title: file.name }).run();
      toast({ title: 'Image inserted', duration: shortToast });
    }
  } catch (err) {
    toast({
      title: 'Error adding image',
      description: errorMessage(err, 'Please try another image file'),
      variant: 'destructive',
      duration: shortToast,
    });
  }
}

/**
 * The selected picture's alt text, what a screen reader says and every export carries (EPUB, Word, PDF): asked
 * with the current text; cancel changes nothing, an empty answer leaves the picture without one.
 */
export function promptForAltText(
  editor: Editor,
  ask: (message: string, current: string) => string | null = (m, c) => window.prompt(m, c),
): void {
  if (!editor.isActive('image')) return;
  const current = (editor.getAttributes('image').alt as string | undefined) ?? '';
  const answer = ask('Describe the picture for readers who cannot see it (its alt text)', current);
  if (answer === null) return;
  const alt = answer.replace(/\s+/g, ' ').trim();
  editor.chain().focus().updateAttributes('image', { alt }).run();
  toast({ title: alt ? 'Alt text saved' : 'Alt text removed', duration: shortToast });
}

/** A formula typed as LaTeX: inline, or a display block when wrapped in $$...$$. */
export function promptForFormula(editor: Editor, ask: (message: string) => string | null = (m) => window.prompt(m)): void {
  const answer = ask('Enter a LaTeX formula (for example E = mc^2; wrap in $$ for a display formula)')?.trim();
  if (!answer) return;
  const display = /^\$\$([\s\S]+)\$\$$/.exec(answer);
  const latex = (display ? display[1] : answer.replace(/^\$([\s\S]+)\$$/, '$1')).trim();
  if (!latex) return;
  if (display) editor.chain().focus().insertBlockMath({ latex }).run();
  else editor.chain().focus().insertInlineMath({ latex }).run();
}
