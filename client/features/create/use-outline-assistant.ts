import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@client/components/ui/toast-store';
import { errorMessage } from '@client/lib/api';
import { askOutlineAssistant } from './create.api';
import type { ChatMessage, TextbookContent } from './create.types';

/** The first opening greets the user with an offer to refine structure, chapters or sections. */
export const assistantGreeting =
  "Hi! I'm your AI Outline Assistant. I can help you refine your textbook outline: its overall structure, its chapters or its sections. For example, ask me to add, remove, rename, move, split or merge chapters, or to add a section on a subject. What would you like to change?";

export interface OutlineAssistantOptions {
  topic: string;
  content: TextbookContent | null;
  textbookId?: number;
  onContentUpdated: (content: TextbookContent) => void;
}

export function useOutlineAssistant({ topic, content, textbookId, onContentUpdated }: OutlineAssistantOptions) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);

  const mutation = useMutation({
    mutationFn: askOutlineAssistant,
    onSuccess: (response) => {
      setMessages((m) => [...m, { role: 'assistant', content: response.message }]);
      if (response.updatedContent) {
        onContentUpdated(response.updatedContent);
        toast({ title: 'Outline Updated', description: 'The textbook outline has been updated.' });
      }
    },
    onError: (err) =>
      toast({ title: 'Error', description: `Failed to communicate with AI assistant: ${errorMessage(err)}`, variant: 'destructive' }),
  });

  function greet() {
    setMessages((m) => (m.length === 0 ? [{ role: 'assistant', content: assistantGreeting }] : m));
  }

  /** Blank messages are ignored; answers true when the message was sent. */
  function send(text: string): boolean {
    const message = text.trim();
    if (!message || !content || mutation.isPending) return false;
    setMessages((m) => [...m, { role: 'user', content: message }]);
    mutation.mutate({ message, topic, textbookContent: content, ...(textbookId ? { textbookId } : {}) });
    return true;
  }

  return { messages, greet, send, isPending: mutation.isPending };
}
