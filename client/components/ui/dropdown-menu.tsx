import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check, Download, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';

/** A download menu's trigger: an outlined button whose download icon turns into a spinner while a file is made. */
export function DownloadMenuTrigger({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Menu.Trigger asChild>
      <Button variant="outline" size="sm" disabled={busy} aria-busy={busy}>
        {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Download className="h-4 w-4" aria-hidden />}
        {children}
      </Button>
    </Menu.Trigger>
  );
}

/** A menu's panel, in a portal below its trigger's right edge; its width comes from `className`. */
export function DropdownMenuContent({ className, ...props }: Menu.DropdownMenuContentProps) {
  return (
    <Menu.Portal>
      <Menu.Content
        align="end"
        sideOffset={6}
        className={cn('z-50 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-800 dark:bg-slate-900', className)}
        {...props}
      />
    </Menu.Portal>
  );
}

/** A choice named on one line and described on the next (a file format to download). */
export function DropdownMenuChoice({
  label,
  description,
  ...props
}: Omit<Menu.DropdownMenuItemProps, 'children'> & { label: string; description: string }) {
  return (
    <Menu.Item
      className="flex cursor-pointer flex-col items-start rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50 dark:data-[highlighted]:bg-slate-800"
      {...props}
    >
      <span className="font-medium">{label}</span>
      <span className="text-xs text-slate-600 dark:text-slate-300">{description}</span>
    </Menu.Item>
  );
}

/** A download menu's heading and one choice per format, each named and described by the format's table. */
export function DownloadFormatChoices<F extends string>({
  heading,
  formats,
  info,
  disabled,
  onChoose,
}: {
  heading: string;
  formats: readonly F[];
  info: Record<F, { label: string; description: string }>;
  disabled: boolean;
  onChoose: (format: F) => void;
}) {
  return (
    <>
      <Menu.Label className="px-2 py-1.5 text-sm font-semibold">{heading}</Menu.Label>
      {formats.map((format) => (
        <DropdownMenuChoice
          key={format}
          label={info[format].label}
          description={info[format].description}
          disabled={disabled}
          onSelect={() => onChoose(format)}
        />
      ))}
    </>
  );
}

/** An action with its icon (the account menu's Logout). */
export function DropdownMenuAction(props: Menu.DropdownMenuItemProps) {
  return (
    <Menu.Item
      className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800"
      {...props}
    />
  );
}

/** Ticking a box or choosing an option keeps the menu open, so a choice can be made next. */
const keepOpen = (event: Event) => event.preventDefault();
const optionClass =
  'flex cursor-pointer gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800';

/** A check box in a menu; ticking it keeps the menu open. */
export function DropdownMenuCheck({ children, ...props }: Menu.DropdownMenuCheckboxItemProps) {
  return (
    <Menu.CheckboxItem onSelect={keepOpen} className={cn(optionClass, 'items-start')} {...props}>
      <span className="mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded border border-slate-400" aria-hidden>
        <Menu.ItemIndicator>
          <Check className="h-3 w-3" />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.CheckboxItem>
  );
}

/** One option of a Menu.RadioGroup; choosing it keeps the menu open. */
export function DropdownMenuRadio({ children, ...props }: Menu.DropdownMenuRadioItemProps) {
  return (
    <Menu.RadioItem onSelect={keepOpen} className={cn(optionClass, 'items-center')} {...props}>
      <span className="flex h-4 w-4 shrink-0 items-center justify-center rounded-full border border-slate-400" aria-hidden>
        <Menu.ItemIndicator>
          <span className="block h-2 w-2 rounded-full bg-slate-700 dark:bg-slate-200" />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.RadioItem>
  );
}

export function DropdownMenuSeparator() {
  return <Menu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />;
}
