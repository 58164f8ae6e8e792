/** The keyboard shortcuts the app answers to, as the "?" dialog lists them. `mod` is Ctrl, or Cmd on a Mac. */
export interface Shortcut {
  keys: string[];
  does: string;
  where: string;
}

export const shortcuts: Shortcut[] = [
  { keys: ['?'], does: 'Show this list of shortcuts', where: 'Anywhere outside a text field' },
  { keys: ['mod', 'S'], does: 'Save the textbook now', where: 'Textbook page' },
  { keys: ['mod', 'K'], does: 'Insert or edit a link', where: 'Editor' },
  { keys: ['mod', 'B'], does: 'Bold', where: 'Editor' },
  { keys: ['mod', 'I'], does: 'Italic', where: 'Editor' },
  { keys: ['mod', 'U'], does: 'Underline', where: 'Editor' },
  { keys: ['mod', 'Z'], does: 'Undo', where: 'Editor' },
  { keys: ['mod', 'Shift', 'Z'], does: 'Redo', where: 'Editor' },
  { keys: ['Esc'], does: 'Close a dialog or menu', where: 'Anywhere' },
];

export function isMac(platform: string = typeof navigator === 'undefined' ? '' : navigator.platform): boolean {
  return /Mac|iPhone|iPad/.test(platform);
}

/** Whether a key press went to something the user types in (a field, the editor): "?" is then a character. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}
