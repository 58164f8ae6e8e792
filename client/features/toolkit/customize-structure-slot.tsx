import type { ToolkitProps } from './use-toolkit-save';

/** Where the AI tools' Customize Structure tab (client/features/ai-tools/customize-structure-tab.tsx) renders. */
export function CustomizeStructureSlot(_props: ToolkitProps) {
  return <p className="text-sm text-slate-500">Customize Structure is not available yet.</p>;
}
