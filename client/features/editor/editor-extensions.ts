import { Extension, type Extensions } from '@tiptap/core';
import { registerCustomProtocol, reset as resetLinkify } from 'linkifyjs';
import { Placeholder } from '@tiptap/extension-placeholder';
import { documentExtensions } from '@common/editor-schema';
import { allowedLinkSchemes } from '@common/link-rules';
import { LiveTrailingNode } from './live-trailing-node';
import { DollarMathInput } from './math-syntax';
import { RemoteCaret } from './remote-caret';
import { TypedBy } from './typed-by';

export const defaultEditorPlaceholder = 'Write your content here...';

const customLinkSchemes = allowedLinkSchemes.filter((s) => s !== 'http' && s !== 'https');

/**
 * Registers the link schemes with linkify once per editor, after resetting it. The link
 * extension's own registration warns "already initialized" once per scheme whenever an
 * editor mounts while another exists (every remount), and its destroy resets linkify for
 * all editors; this runs after it (lower priority) and registers them again.
 */
const LinkSchemes = Extension.create({
  name: 'linkSchemes',
  priority: 50,
  onCreate() {
    registerLinkSchemes();
  },
  onDestroy() {
    registerLinkSchemes();
  },
});

function registerLinkSchemes(): void {
  resetLinkify();
  for (const scheme of customLinkSchemes) registerCustomProtocol(scheme);
}

/**
 * The body schema shared with the server (common/editor-schema.ts) plus what only the page needs:
 * the placeholder, dollar-math typing and link schemes (and, live, the marking of what the user types). `live` for a body bound to the live
 * document: its undo comes with the collaboration extension, and its trailing paragraph waits
 * for the user's first edit (see LiveTrailingNode).
 */
export function createEditorExtensions(
  placeholder: string = defaultEditorPlaceholder,
  options: { live: boolean; userId?: number; provenance?: boolean } = { live: false },
): Extensions {
  const { live } = options;
  // Block provenance attributes (data-src, data-by) are on unless a caller turns them off. Live, the caret is
  // kept where the live document puts it (remote-caret.ts): with the attributes on, the sync plugin moved it back
  // when a collaborator typed in the same paragraph, and two people's letters came out interleaved.
  const provenance = options.provenance !== false;
  return [
    ...documentExtensions({ history: !live, trailingNode: !live }).filter((e) => provenance || e.name !== 'blockProvenance'),
    ...(live ? [LiveTrailingNode] : []),
    ...(live && provenance ? [RemoteCaret] : []),
    // What the user types through the live editor is marked as theirs (typed-by.ts).
    ...(live && provenance && options.userId ? [TypedBy.configure({ userId: options.userId })] : []),
    Placeholder.configure({ placeholder }),
    DollarMathInput,
    LinkSchemes,
  ];
}
