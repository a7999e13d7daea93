'use client';

import { useLocale, useTranslations } from 'next-intl';
import { AlertDialog, Dialog } from 'radix-ui';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { ApiCallError, apiCall } from '@/lib/api-client';
import { CHAT_QUESTION_MAX } from '@/lib/validation/chat-limits';
import { useSiteStore } from '@/stores/site-store';
import { SafeHtml } from './safe-html';

/** A chat message (docs/product/entities.md#chat-messages): content, user (1 visitor, 2 assistant) and a loading flag; `id` keys the list. */
export type ChatMessage = { id: number; content: string; user: 1 | 2; loading: boolean };

// Storage keys of docs/product/constants.md#storage-keys-and-cookies, in session storage: a reload keeps the conversation, a new session starts fresh.
const UUID_KEY = 'chatUUID';
const DATA_KEY = 'chatData';

function readConversation(): { uuid: string; messages: ChatMessage[] } {
  let uuid = sessionStorage.getItem(UUID_KEY) ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) {
    uuid = crypto.randomUUID();
    sessionStorage.setItem(UUID_KEY, uuid);
  }
  let messages: ChatMessage[] = [];
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(DATA_KEY) ?? '[]');
    if (Array.isArray(parsed)) {
      messages = parsed
        .filter(
          (m): m is ChatMessage =>
            typeof m === 'object' && m !== null && typeof m.content === 'string' && (m.user === 1 || m.user === 2),
        )
        .map((m, i) => ({ ...m, id: i + 1 }));
    }
  } catch {
    messages = [];
  }
  // A reload during a pending answer leaves no spinner behind.
  return { uuid, messages: messages.filter((m) => !m.loading) };
}

export function ChatPanel({
  open,
  onOpenChange,
  returnFocus,
  widgetKey,
}: {
  /** The configured widget key (docs/product/api.md#documentation-and-chat `key`); the API refuses a question without it. */
  widgetKey: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const t = useTranslations('chat');
  const locale = useLocale();
  const currency = useSiteStore((s) => s.currency?.type);
  const [conversation, setConversation] = useState(() => readConversation());
  const [input, setInput] = useState('');
  const [confirming, setConfirming] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const pending = conversation.messages.some((m) => m.loading);

  useEffect(() => {
    sessionStorage.setItem(UUID_KEY, conversation.uuid);
    sessionStorage.setItem(DATA_KEY, JSON.stringify(conversation.messages.filter((m) => !m.loading)));
    listRef.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [conversation]);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const question = input.trim();
    // docs/product/validation.md#form-inputs: nothing is sent when the input is empty.
    if (!question || pending) return;
    setInput('');
    const uuid = conversation.uuid;
    setConversation((c) => {
      const id = (c.messages.at(-1)?.id ?? 0) + 1;
      return {
        ...c,
        messages: [
          ...c.messages,
          { id, content: question, user: 1, loading: false },
          { id: id + 1, content: '', user: 2, loading: true },
        ],
      };
    });
    let answer: string;
    try {
      const reply = await apiCall<{ answer: string }>('/chat', {
        body: { key: widgetKey, question, uuid, language: locale, currency },
        silent: true,
      });
      answer = reply.answer;
    } catch (error) {
      // docs/product/errors.md#what-the-visitor-sees: the answer becomes the translated auto-reply and the question goes back into the input.
      answer = `<p>${escapeText(t('autoReply'))}</p>`;
      if (error instanceof ApiCallError && error.code === 4290) answer = `<p>${escapeText(t('slowDown'))}</p>`;
      setInput((current) => current || question);
    }
    setConversation((c) =>
      c.uuid !== uuid
        ? c
        : { ...c, messages: c.messages.map((m) => (m.loading ? { ...m, content: answer, loading: false } : m)) },
    );
    inputRef.current?.focus();
  };

  const endConversation = () => {
    sessionStorage.removeItem(DATA_KEY);
    setConversation({ uuid: crypto.randomUUID(), messages: [] });
    setInput('');
    setConfirming(false);
    inputRef.current?.focus();
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          onInteractOutside={(e) => e.preventDefault()}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            inputRef.current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed inset-0 z-[2300] flex flex-col bg-white shadow-2xl min-[960px]:inset-auto min-[960px]:bottom-24 min-[960px]:right-5 min-[960px]:h-[min(640px,calc(100vh-140px))] min-[960px]:w-[450px] min-[960px]:rounded-xl min-[960px]:border min-[960px]:border-line"
          data-testid="chat-panel"
        >
          <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
            <div>
              <Dialog.Title className="text-base font-semibold">{t('title')}</Dialog.Title>
              <Dialog.Description className="text-xs text-muted">{t('intro')}</Dialog.Description>
            </div>
            <div className="flex items-center gap-1">
              <button
                type="button"
                onClick={() => setConfirming(true)}
                disabled={conversation.messages.length === 0}
                className="rounded-md px-2 py-1 text-sm text-brand-700 hover:bg-surface disabled:text-muted disabled:hover:bg-transparent"
              >
                {t('end')}
              </button>
              <Dialog.Close className="rounded-md p-2 text-muted hover:bg-surface" aria-label={t('close')}>
                <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18">
                  <path d="m4 4 10 10M14 4 4 14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </Dialog.Close>
            </div>
          </div>

          <div
            ref={listRef}
            role="log"
            aria-live="polite"
            aria-relevant="additions text"
            aria-label={t('history')}
            className="flex-1 space-y-3 overflow-y-auto px-4 py-4"
            data-testid="chat-log"
          >
            {conversation.messages.length === 0 ? (
              <p className="rounded-lg bg-surface px-3 py-2 text-sm text-ink">{t('welcome')}</p>
            ) : null}
            {conversation.messages.map((m) =>
              m.user === 1 ? (
                <div key={m.id} className="ml-10 rounded-lg bg-brand-700 px-3 py-2 text-sm text-white">
                  <span className="sr-only">{t('you')}: </span>
                  <span className="whitespace-pre-wrap break-words">{m.content}</span>
                </div>
              ) : (
                <div
                  key={m.id}
                  className="mr-6 rounded-lg bg-surface px-3 py-2 text-sm text-ink"
                  data-testid={m.loading ? 'chat-loading' : 'chat-answer'}
                >
                  <span className="sr-only">{t('assistant')}: </span>
                  {m.loading ? (
                    <span aria-label={t('typing')} role="status" className="inline-flex gap-1">
                      <span className="h-2 w-2 animate-pulse rounded-full bg-muted" />
                      <span className="h-2 w-2 animate-pulse rounded-full bg-muted [animation-delay:150ms]" />
                      <span className="h-2 w-2 animate-pulse rounded-full bg-muted [animation-delay:300ms]" />
                    </span>
                  ) : (
                    <SafeHtml
                      html={m.content}
                      className="space-y-2 break-words [&_a]:text-brand-700 [&_a]:underline [&_code]:rounded [&_code]:bg-white [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
                    />
                  )}
                </div>
              ),
            )}
          </div>

          <form onSubmit={send} className="border-t border-line p-3">
            <label htmlFor="chat-input" className="sr-only">
              {t('placeholder')}
            </label>
            <div className="flex items-end gap-2">
              <textarea
                id="chat-input"
                ref={inputRef}
                value={input}
                onChange={(e) => setInput(e.target.value.slice(0, CHAT_QUESTION_MAX))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                    e.preventDefault();
                    void send();
                  }
                }}
                rows={2}
                maxLength={CHAT_QUESTION_MAX}
                placeholder={t('placeholder')}
                aria-describedby="chat-input-count"
                className="min-h-11 flex-1 resize-none rounded-md border border-line px-3 py-2 text-sm"
              />
              <button
                type="submit"
                disabled={pending}
                className="h-11 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
              >
                {t('send')}
              </button>
            </div>
            <p id="chat-input-count" className="mt-1 text-right text-xs text-muted">
              {t('count', { count: input.length, max: CHAT_QUESTION_MAX })}
            </p>
          </form>

          <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
            <AlertDialog.Portal>
              <AlertDialog.Overlay className="fixed inset-0 z-[2400] bg-black/40" />
              <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[2401] w-[min(380px,calc(100vw-24px))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-2xl">
                <AlertDialog.Title className="text-base font-semibold">{t('endTitle')}</AlertDialog.Title>
                <AlertDialog.Description className="mt-2 text-sm text-muted">{t('endBody')}</AlertDialog.Description>
                <div className="mt-4 flex justify-end gap-2">
                  <AlertDialog.Cancel className="rounded-md border border-line px-3 py-2 text-sm hover:bg-surface">
                    {t('cancel')}
                  </AlertDialog.Cancel>
                  <AlertDialog.Action
                    onClick={endConversation}
                    className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800"
                  >
                    {t('endConfirm')}
                  </AlertDialog.Action>
                </div>
              </AlertDialog.Content>
            </AlertDialog.Portal>
          </AlertDialog.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
