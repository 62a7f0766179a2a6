"use client";
// A row's actions as a menu of labelled items (Radix DropdownMenu: keyboard, focus and aria done
// right), so a list row shows one 'Ações' button instead of a strip of unlabelled icons.
import * as Menu from "@radix-ui/react-dropdown-menu";
import { ChevronDown } from "lucide-react";
import { cn } from "@/lib/ui/cn";

export interface MenuAction {
  label: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  /** A link opened in a new tab, or a handler. */
  href?: string;
  onSelect?: () => void;
  danger?: boolean;
}

export function ActionMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  if (!actions.length) return null;
  const item = "flex w-full cursor-pointer items-center gap-2 rounded px-3 py-2 text-left text-sm outline-none";
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={label}
        className="inline-flex items-center gap-1 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50"
      >
        Ações <ChevronDown className="h-4 w-4" aria-hidden />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-lg border border-gray-200 bg-white p-1 text-gray-800 shadow-lg"
        >
          {actions.map(({ label: text, icon: Icon, href, onSelect, danger }) => (
            <Menu.Item
              key={text}
              asChild={!!href}
              onSelect={onSelect}
              className={cn(item, danger ? "text-red-700 data-highlighted:bg-red-50" : "data-highlighted:bg-gray-100")}
            >
              {href ? (
                <a href={href} target="_blank" rel="noopener">
                  <Icon className="h-4 w-4" aria-hidden /> {text}
                </a>
              ) : (
                <>
                  <Icon className="h-4 w-4" aria-hidden /> {text}
                </>
              )}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
