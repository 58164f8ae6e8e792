import { Extension, type Extensions } from '@tiptap/core';
import { registerCustomProtocol, reset as resetLinkify } from 'linkifyjs';
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extension-placeholder';
import { StarterKit } from '@tiptap/starter-kit';
import { allowedLinkSchemes, isAllowedLink, linkRel, linkTarget } from './link-rules';
import { BlockMathNode, DollarMathInput, InlineMathNode } from './math-syntax';

export const defaultEditorPlaceholder = 'Write your content here...';

const katexOptions = { throwOnError: false };

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

/** Starter kit + link + image + math, configured with the spec's numbers (sections 5 and 9). */
export function createEditorExtensions(placeholder: string = defaultEditorPlaceholder): Extensions {
  return [
    StarterKit.configure({
      // Undo depth 100 steps, grouped within 500 ms.
      undoRedo: { depth: 100, newGroupDelay: 500 },
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        // Registered by LinkSchemes below, not here (see there).
        protocols: [],
        // Pasted or typed links with any other scheme (javascript:, data:, vbscript:) never become links.
        isAllowedUri: (url) => isAllowedLink(url),
        HTMLAttributes: { target: linkTarget, rel: linkRel },
      },
    }),
    Image.configure({ inline: false, allowBase64: true }),
    // Tables from the user's documents must survive editing (without the extension the editor drops them).
    TableKit.configure({ table: { resizable: false } }),
    Placeholder.configure({ placeholder }),
    InlineMathNode.configure({ katexOptions }),
    BlockMathNode.configure({ katexOptions: { ...katexOptions, displayMode: true } }),
    DollarMathInput,
    LinkSchemes,
  ];
}
