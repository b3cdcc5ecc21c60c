'use client';

import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { useMemo, useState } from 'react';
import type { AnswerUIMessage } from '@/lib/answer/messages';
import { AnswerView } from './answer-view';

const EXAMPLES = [
  'What was Helios Components’ operating margin in FY2026?',
  'What was Helios Components’ operating margin in FY2026 using FY2025 operating profit?',
  'Helios revenue growth FY2026 vs FY2025',
];

export function AskChat() {
  const transport = useMemo(() => new DefaultChatTransport<AnswerUIMessage>({ api: '/api/answers' }), []);
  const { messages, sendMessage, status, error } = useChat<AnswerUIMessage>({ transport });
  const [input, setInput] = useState('');
  const busy = status === 'submitted' || status === 'streaming';
  const ask = (q: string) => {
    const text = q.trim();
    if (!text || busy) return;
    void sendMessage({ text });
    setInput('');
  };
  // a clarification chip answers the question it clarifies: the server looks the choice up in the stored manifest
  const choose = (manifestId: string, choice: number, label: string) => {
    if (busy) return;
    void sendMessage({ text: label, metadata: { clarification: { manifestId, choice } } });
  };
  return (
    <div className="space-y-4">
      <ol className="space-y-4" aria-live="polite" aria-label="Conversation">
        {messages.map((m) => {
          if (m.role === 'user') {
            return (
              <li key={m.id} className="ml-auto max-w-2xl rounded-lg bg-slate-800 px-4 py-2 text-white">
                {m.parts.map((p, i) => (p.type === 'text' ? <span key={i}>{p.text}</span> : null))}
              </li>
            );
          }
          const answerPart = m.parts.find((p) => p.type === 'data-answer');
          const text = m.parts.filter((p) => p.type === 'text').map((p) => (p.type === 'text' ? p.text : '')).join('');
          return (
            <li key={m.id}>
              {answerPart && answerPart.type === 'data-answer' ? (
                <AnswerView answer={answerPart.data} onAsk={ask} onChoose={choose} />
              ) : (
                <div className="rounded-lg bg-white p-4 text-muted">{text || 'Working…'}</div>
              )}
            </li>
          );
        })}
      </ol>
      {busy && <p className="text-sm text-muted" role="status">Resolving companies, measures and periods…</p>}
      {error && (
        <p role="alert" className="rounded bg-red-50 p-2 text-sm text-bad">
          {error.message}
        </p>
      )}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          ask(input);
        }}
      >
        <label htmlFor="question" className="sr-only">
          Question
        </label>
        <input
          id="question"
          name="question"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          maxLength={2000}
          placeholder="Ask about reported numbers, e.g. What was Helios Components’ operating margin in FY2026?"
          className="flex-1 rounded-lg border border-line bg-white px-3 py-2"
          autoComplete="off"
        />
        <button type="submit" disabled={busy || !input.trim()} className="rounded-lg bg-accent px-4 py-2 font-medium text-white disabled:opacity-50">
          Ask
        </button>
      </form>
      {messages.length === 0 && (
        <div className="flex flex-wrap gap-2 text-sm" aria-label="Example questions">
          {EXAMPLES.map((q) => (
            <button key={q} type="button" className="rounded-full border border-line bg-white px-3 py-1 hover:bg-slate-50" onClick={() => ask(q)}>
              {q}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
