import { getEncoding } from 'js-tiktoken';
import type { TokenCounter } from '../../src/assembly/estimate-tokens.ts';

const encoding = getEncoding('o200k_base');

/** A real tokenizer (OpenAI o200k_base, shipped inside js-tiktoken) for exact token budgets. */
export const countO200kTokens: TokenCounter = (text) => encoding.encode(text).length;
