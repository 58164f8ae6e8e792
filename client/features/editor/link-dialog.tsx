import type { Editor } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { FieldError, Input, Label } from '@client/components/ui/input';
import { allowedLinkSchemes, decideLink } from '@common/link-rules';
import { applyLink, currentLink, type TextRange } from './editor-commands';

/**
 * Inserts or edits the link at the selection (the toolbar's Link button, Ctrl+K / Cmd+K in the editor). The address
 * is checked before the dialog closes: a refused scheme (javascript:, data:, ...) is said under the field and nothing
 * changes; an empty address removes the link.
 */
export function LinkDialog({ editor, open, onOpenChange }: { editor: Editor; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const editing = open && currentLink(editor) !== '';
  // The selection the link is for, kept in step with every change made while the dialog is open.
  const range = useRef<TextRange | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    setUrl(currentLink(editor));
    setError(undefined);
    const { from, to } = editor.state.selection;
    range.current = { from, to };
    const follow = ({ transaction }: { transaction: Transaction }) => {
      if (!range.current || !transaction.docChanged) return;
      range.current = { from: transaction.mapping.map(range.current.from, 1), to: transaction.mapping.map(range.current.to, -1) };
    };
    editor.on('transaction', follow);
    return () => {
      editor.off('transaction', follow);
    };
  }, [open, editor]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decideLink(url).action === 'refuse') {
      setError(`Links must use one of these schemes: ${allowedLinkSchemes.join(', ')}.`);
      return;
    }
    onOpenChange(false);
    applyLink(editor, url, range.current);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit link' : 'Insert link'}</DialogTitle>
          <DialogDescription>Leave the address empty to remove the link.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
          <Label htmlFor="editor-link-url">Link address</Label>
          <Input
            id="editor-link-url"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            value={url}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'editor-link-error' : undefined}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(undefined);
            }}
          />
          <div id="editor-link-error">
            <FieldError message={error} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">{url.trim() === '' && editing ? 'Remove link' : 'Save link'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
