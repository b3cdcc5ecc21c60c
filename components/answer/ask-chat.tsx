'use client';

import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { AnswerUIMessage } from '@/lib/answer/messages';
import { AnswerProgress } from './answer-progress';
import { AnswerView } from './answer-view';
import { suggestCompanies, wordAt, type Company } from './company-suggest';
import { ThreadContext, useThreadContext } from './thread-context';

/** Longest question the answer route accepts (lib/answer MAX_QUESTION_LENGTH). */
const MAX_QUESTION = 2000;

const EXAMPLES = [
  'What was Helios Components’ operating margin in FY2026?',
  'What was Helios Components’ operating margin in FY2026 using FY2025 operating profit?',
  'Helios revenue growth FY2026 vs FY2025',
];

/** The user's question an assistant message answers (the closest user message before it). */
function questionBefore(messages: AnswerUIMessage[], index: number): string | undefined {
  for (let i = index - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'user') return m.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
  }
  return undefined;
}

export interface AskChatProps {
  /** the conversation's id (persisted per user); a new conversation gets a fresh one */
  threadId: string;
  /** the stored turns when a conversation is reopened */
  initialMessages?: AnswerUIMessage[];
  /** the tenant's companies, for ticker/name autocomplete */
  companies?: Company[];
  /** a question to start from (the home page's ask box): filled in, not sent, so it can be read and edited first */
  initialQuestion?: string;
}

/** Example questions for an empty conversation: each is asked as it is. */
function Examples({ ask }: { ask: (q: string) => void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a set of example buttons, not form fields
    <div className="flex flex-wrap gap-2 text-sm" role="group" aria-label="Example questions">
      {EXAMPLES.map((q) => (
        <button
          key={q}
          type="button"
          className="rounded-full border border-line bg-white px-3 py-1 text-left hover:bg-slate-50"
          onClick={() => ask(q)}
        >
          {q}
        </button>
      ))}
    </div>
  );
}

export function AskChat({ threadId, initialMessages, companies = [], initialQuestion = '' }: AskChatProps) {
  const router = useRouter();
  // only the new question is sent: the server reads the thread's earlier turns from their stored manifests
  const transport = useMemo(
    () =>
      new DefaultChatTransport<AnswerUIMessage>({
        api: '/api/answers',
        prepareSendMessagesRequest: ({ id, messages }) => ({ body: { id, messages: messages.slice(-1) } }),
      }),
    [],
  );
  const { messages, sendMessage, status, error } = useChat<AnswerUIMessage>({
    id: threadId,
    messages: initialMessages,
    transport,
    onFinish: () => {
      // the conversation now exists server-side: keep its address (reload reopens it) and refresh the history list
      if (!new URLSearchParams(window.location.search).get('thread'))
        window.history.replaceState(null, '', `/ask?thread=${encodeURIComponent(threadId)}`);
      router.refresh();
    },
  });
  const [input, setInput] = useState(initialQuestion);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const { context, dropped, setDropped } = useThreadContext(messages);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const busy = status === 'submitted' || status === 'streaming';
  const tooLong = input.length > MAX_QUESTION;
  const { word, start } = wordAt(input, caret);
  const suggestions = dismissed ? [] : suggestCompanies(companies, word);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new word under the caret restarts the suggestion list
  useEffect(() => setActive(0), [word]);
  const ask = (q: string) => {
    const text = q.trim();
    if (!text || busy || text.length > MAX_QUESTION) return;
    void sendMessage({ text, ...(context && dropped.length ? { metadata: { drop: dropped } } : {}) });
    setInput('');
    setDropped([]);
  };
  // a clarification chip answers the question it clarifies: the server looks the choice up in the stored manifest
  const choose = (manifestId: string, choice: number, label: string) => {
    if (busy) return;
    void sendMessage({ text: label, metadata: { clarification: { manifestId, choice } } });
  };
  const chooseCompany = (c: Company) => {
    const next = `${input.slice(0, start)}${c.name}${input.slice(caret)}`;
    const pos = start + c.name.length;
    setInput(next);
    setCaret(pos);
    setDismissed(true);
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(pos, pos));
  };
  return (
    <div className="flex flex-col gap-4">
      {/* the question box first in the keyboard order, drawn below the conversation (order-last) */}
      <div className="order-last space-y-4">
        <form
          className="relative flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            ask(input);
          }}
        >
          <label htmlFor="question" className="sr-only">
            Question
          </label>
          <input
            ref={inputRef}
            id="question"
            name="question"
            value={input}
            onChange={(e) => {
              setInput(e.target.value);
              setCaret(e.target.selectionStart ?? e.target.value.length);
              setDismissed(false);
            }}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
            onBlur={() => setTimeout(() => setDismissed(true), 150)}
            onKeyDown={(e) => {
              if (!suggestions.length) return;
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
              } else if (e.key === 'Tab' || (e.key === 'Enter' && suggestions[active] && !input.slice(start, caret).includes(' '))) {
                if (e.key === 'Enter' && word.length < 2) return;
                e.preventDefault();
                chooseCompany(suggestions[active]!);
              } else if (e.key === 'Escape') setDismissed(true);
            }}
            role="combobox"
            aria-expanded={suggestions.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={suggestions.length ? `${listId}-${active}` : undefined}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${listId}-len` : undefined}
            placeholder="Ask about reported numbers, e.g. What was Helios Components’ operating margin in FY2026?"
            className="min-w-0 flex-1 rounded-lg border border-line bg-white px-3 py-2"
            autoComplete="off"
          />
          <button
            type="submit"
            disabled={busy || !input.trim() || tooLong}
            className="rounded-lg bg-accent px-4 py-2 font-medium text-white disabled:opacity-50"
          >
            Ask
          </button>
          {suggestions.length > 0 && (
            <div
              id={listId}
              role="listbox"
              aria-label="Companies"
              className="absolute left-0 top-full z-30 mt-1 w-full max-w-md overflow-hidden rounded-lg border border-line bg-white text-sm shadow-lg"
            >
              {suggestions.map((c, i) => (
                <div
                  key={c.id}
                  id={`${listId}-${i}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-1.5 ${i === active ? 'bg-accent-soft' : 'hover:bg-slate-50'}`}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    chooseCompany(c);
                  }}
                >
                  <span className="truncate">{c.name}</span>
                  {c.ticker && <span className="font-mono text-xs text-muted">{c.ticker}</span>}
                </div>
              ))}
            </div>
          )}
        </form>
        {context && <ThreadContext intent={context} dropped={dropped} onChange={setDropped} />}
        {tooLong && (
          <p id={`${listId}-len`} role="alert" className="text-sm text-bad">
            The question is {input.length.toLocaleString('en-US')} characters; the limit is {MAX_QUESTION.toLocaleString('en-US')}. Shorten
            it — nothing is cut silently.
          </p>
        )}
        {messages.length === 0 && <Examples ask={ask} />}
      </div>
      <div className="space-y-4">
        <ol className="space-y-4" aria-live="polite" aria-busy={busy} aria-label="Conversation">
          {messages.map((m, index) => {
            if (m.role === 'user') {
              return (
                <li key={m.id} className="ml-auto w-fit max-w-full break-words rounded-lg bg-slate-800 px-4 py-2 text-white sm:max-w-2xl">
                  {m.parts.map((p, i) => (p.type === 'text' ? <span key={i}>{p.text}</span> : null))}
                </li>
              );
            }
            const answerPart = m.parts.find((p) => p.type === 'data-answer');
            return (
              <li key={m.id} className="min-w-0">
                {answerPart && answerPart.type === 'data-answer' ? (
                  <AnswerView
                    answer={answerPart.data}
                    question={questionBefore(messages, index)}
                    onAsk={ask}
                    onChoose={choose}
                    onEdit={(q) => {
                      setInput(q);
                      requestAnimationFrame(() => inputRef.current?.focus());
                    }}
                  />
                ) : (
                  <AnswerProgress parts={m.parts} live={busy && index === messages.length - 1} />
                )}
              </li>
            );
          })}
        </ol>
        {status === 'submitted' && <AnswerProgress parts={[]} />}
        {error && (
          <p role="alert" className="rounded bg-red-50 p-2 text-sm text-bad">
            {error.message}
          </p>
        )}
      </div>
    </div>
  );
}
