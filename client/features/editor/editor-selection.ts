/** What the editor tells the page about a non-empty selection (the AI expansion chip uses it). */
export interface EditorSelection {
  text: string;
  /** The whole blocks the selection touches, as HTML (formulas, links, code and marks kept); absent where only text is known. */
  html?: string;
  /** Viewport coordinates of the selection's start, to place a floating chip above it. */
  rect: { top: number; left: number; bottom: number };
  /** Viewport box of the editor itself: the chip stays inside it. */
  bounds?: { top: number; left: number; right: number; bottom: number };
  /** Replaces the whole blocks the selection touches (those of `html`) with HTML, as one undo step, and reports the change. */
  replaceWith: (html: string) => void;
}

/** A live document body the editor binds to instead of `content` (docs/decisions.md "One live document per textbook"). */
export interface LiveBinding {
  doc: import('yjs').Doc;
  provider: import('@hocuspocus/provider').HocuspocusProvider;
  /** The body's fragment in the document (common/live-document.ts bodyFieldOf). */
  field: string;
  /** How this user's caret is shown to others; their id marks what they type (typed-by.ts). */
  user: { name: string; color: string; id?: number };
}

export interface RichTextEditorProps {
  /** HTML of the chapter or section being edited. */
  content: string;
  onChange: (html: string) => void;
  placeholder?: string;
  /** Set when the book is stored: images are then uploaded rather than inlined. */
  textbookId?: number;
  editable?: boolean;
  /** Extra toolbar controls (e.g. AI tools), shown at the toolbar's right end. */
  extraToolbar?: React.ReactNode;
  onSelectionChange?: (selection: EditorSelection | null) => void;
  /** Bound to a live document: `content` is then only the first paint's fallback, and edits merge with everyone's. */
  live?: LiveBinding;
  /** The editing area's accessible name and test id, when it is not the book's main editor ('Content editor'). */
  label?: string;
  testId?: string;
}
