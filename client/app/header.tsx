import * as Menu from '@radix-ui/react-dropdown-menu';
import { BookOpen, LogOut, MonitorSmartphone, Moon, Sun, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../components/ui/button';
import { DropdownMenuAction, DropdownMenuContent, DropdownMenuSeparator } from '../components/ui/dropdown-menu';
import { BlockedOwnersDialog } from '../features/collaboration/blocked-owners-dialog';
import { cn } from '../lib/cn';
import { useAuth } from './auth-context';
import { useTheme } from './theme';

const navLinks = [
  { href: '/', label: 'Create Textbook' },
  { href: '/saved-textbooks', label: 'My Textbooks' },
  { href: '/classroom', label: 'Classroom' },
];

export function Header() {
  const { user, logoutMutation, logoutEverywhereMutation } = useAuth();
  const { theme, toggleTheme } = useTheme();
  const [location] = useLocation();
  const [blocksOpen, setBlocksOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-4">
        <Link href="/" className="flex shrink-0 items-center gap-2 font-bold" aria-label="Textbook Studio home">
          <BookOpen className="h-6 w-6 text-indigo-600" />
          <span className="hidden sm:inline">Textbook Studio</span>
        </Link>
        {/* Outside the link: a link's visible text must be part of its name ("Textbook Studio home"). */}
        <span className="hidden text-xs font-normal text-slate-500 lg:inline">Custom AI for versatile instruction and access</span>
        <nav className="ml-auto flex min-w-0 items-center gap-0.5 sm:gap-1" aria-label="Main">
          {navLinks.map((l) => {
            const isActive = l.href === '/' ? location === '/' : location.startsWith(l.href);
            return (
              <Link
                key={l.href}
                href={l.href}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'rounded-md px-2 py-1.5 text-center text-xs font-medium leading-tight sm:px-3 sm:py-2 sm:text-sm',
                  isActive
                    ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'
                    : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                )}
              >
                {l.label}
              </Link>
            );
          })}
        </nav>
        <Button
          variant="ghost"
          size="icon"
          className="shrink-0"
          onClick={toggleTheme}
          aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
        >
          {theme === 'dark' ? <Sun className="h-5 w-5" /> : <Moon className="h-5 w-5" />}
        </Button>
        {user ? (
          <Menu.Root>
            <Menu.Trigger asChild>
              <button
                type="button"
                aria-label="Account menu"
                className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold uppercase text-white"
              >
                {user.username.charAt(0)}
              </button>
            </Menu.Trigger>
            <DropdownMenuContent className="min-w-[180px]">
              <Menu.Label className="px-2 py-1.5 text-sm font-semibold" data-testid="menu-username">
                {user.username}
              </Menu.Label>
              <DropdownMenuSeparator />
              <DropdownMenuAction onSelect={() => logoutMutation.mutate()}>
                <LogOut className="h-4 w-4" /> Logout
              </DropdownMenuAction>
              <DropdownMenuAction onSelect={() => logoutEverywhereMutation.mutate()}>
                <MonitorSmartphone className="h-4 w-4" /> Sign out everywhere
              </DropdownMenuAction>
              <DropdownMenuAction onSelect={() => setBlocksOpen(true)}>
                <UserX className="h-4 w-4" /> Blocked owners
              </DropdownMenuAction>
            </DropdownMenuContent>
          </Menu.Root>
        ) : null}
        {user && <BlockedOwnersDialog open={blocksOpen} onOpenChange={setBlocksOpen} />}
        {user ? null : (
          <Link href="/auth" className="shrink-0 rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700">
            Login
          </Link>
        )}
      </div>
    </header>
  );
}
