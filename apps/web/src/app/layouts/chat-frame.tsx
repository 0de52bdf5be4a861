import type { ReactNode } from 'react';
import { headerColour, type ThemeMode } from '../../lib/theme-store';

interface ChatFrameProps {
  /** The screen's theme, which picks the header colour (product.md §2). */
  theme: ThemeMode;
  header: ReactNode;
  actions?: ReactNode;
  /** A live chat: the frame fills the main area so the conversation scrolls inside it and the input stays at the bottom. */
  fill?: boolean;
  /** The actions are icons on phones: the title stays beside them down to 12rem wide rather than wrap. */
  iconActions?: boolean;
  children: ReactNode;
}

/** The chat area of the main layout: a coloured header over a scrolling conversation. */
export function ChatFrame({ theme, header, actions, fill = false, iconActions = false, children }: ChatFrameProps) {
  return (
    <div className={fill ? 'flex h-full flex-col' : 'flex min-h-full flex-col'}>
      {/* When the actions do not fit beside a readable title, they wrap below it rather than squeeze it to "Pro…". */}
      <header
        className={`${headerColour(theme)} flex min-h-14 shrink-0 flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-2 text-white desktop:px-6`}
        data-testid="chat-header"
      >
        <div className={`${iconActions ? 'min-w-[min(12rem,100%)]' : 'min-w-[min(16rem,100%)]'} flex-1`}>{header}</div>
        {actions && <div className="flex max-w-full flex-wrap items-center gap-2">{actions}</div>}
      </header>
      <div className={fill ? 'flex min-h-0 flex-1 flex-col' : 'flex-1 space-y-4 p-4 desktop:p-6'}>{children}</div>
    </div>
  );
}

/** A message from the assistant or the Spark, as the chat shows it. */
export function AssistantBubble({ children }: { children: ReactNode }) {
  return <div className="max-w-xl space-y-3 rounded-2xl rounded-tl-sm border border-line bg-white p-4 shadow-sm">{children}</div>;
}
