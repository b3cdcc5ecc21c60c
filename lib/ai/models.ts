import type { LanguageModelV3 } from '@ai-sdk/provider';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { readEnv } from '@/lib/env';

/**
 * The optional language model: configured only when LLM_BASE_URL and LLM_MODEL are set (an
 * OpenAI-compatible endpoint the user chose). Never a model id string routed to a gateway; null means
 * the deterministic path alone.
 */
export function configuredLanguageModel(env = readEnv()): LanguageModelV3 | null {
  if (!env.LLM_BASE_URL || !env.LLM_MODEL) return null;
  const provider = createOpenAICompatible({ name: 'configured', baseURL: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY });
  return provider.chatModel(env.LLM_MODEL);
}
