// OpenAI's chat completions on loopback: checks the request shape (model, messages, a strict
// json_schema response_format, Bearer key) and answers scenes or an avatar prompt built from it.
import { FakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http.ts';

interface ChatBody {
  model?: unknown;
  messages?: { role: string; content: string }[];
  response_format?: { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } };
}

function completion(model: string, content: string): FakeReply {
  return {
    json: {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
      usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
    },
  };
}

/** Scenes from the script's own words, as many as the prompt asks for. */
function scenesFor(user: string): { title: string; text: string }[] {
  const count = Number(/exactly (\d+) scenes?/.exec(user)?.[1] ?? (/exactly one scene/.test(user) ? 1 : 3));
  const script = (user.split('Script:\n')[1] ?? '').split('\n\nScenes:')[0]!.trim();
  const words = script.split(/\s+/).filter(Boolean);
  const per = Math.max(1, Math.ceil(words.length / count));
  return Array.from({ length: count }, (_, i) => {
    const text = words.slice(i * per, (i + 1) * per).join(' ') || 'And that is all.';
    return { title: `Part ${i + 1}`, text };
  });
}

export function chatRequestProblems(request: RecordedRequest, apiKey: string): string[] {
  const body = request.json as ChatBody | undefined;
  const problems: string[] = [];
  if (request.headers.authorization !== `Bearer ${apiKey}`) problems.push('authorization');
  if (typeof body?.model !== 'string') problems.push('model');
  if (!Array.isArray(body?.messages) || !body.messages.every((m) => typeof m.role === 'string' && typeof m.content === 'string')) problems.push('messages');
  const format = body?.response_format;
  if (format?.type !== 'json_schema' || !format.json_schema?.name || format.json_schema.strict !== true || typeof format.json_schema.schema !== 'object') problems.push('response_format');
  return problems;
}

export function createFakeOpenAi(apiKey = 'sk-fake'): FakeHttpServer {
  return new FakeHttpServer((request) => {
    if (request.method !== 'POST' || request.path !== '/v1/chat/completions') return { status: 404, json: { error: { message: 'not found' } } };
    const problems = chatRequestProblems(request, apiKey);
    if (problems.length) return { status: 400, json: { error: { message: `bad request: ${problems.join(', ')}`, type: 'invalid_request_error' } } };
    const body = request.json as ChatBody;
    const user = body.messages!.find((m) => m.role === 'user')?.content ?? '';
    const name = body.response_format!.json_schema!.name;
    const content =
      name === 'avatar_prompt'
        ? JSON.stringify({ prompt: 'A friendly woman in her thirties with shoulder-length brown hair, wearing a navy blazer, smiling at the camera in a bright modern office.' })
        : JSON.stringify({ scenes: scenesFor(user) });
    return completion(String(body.model), content);
  });
}

/** OpenAI's answer when the account is out of credit: a 429 that is not a rate limit (never retried). */
export const OPENAI_OUT_OF_CREDIT: FakeReply = {
  status: 429,
  json: {
    error: {
      message: 'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
      type: 'insufficient_quota',
      param: null,
      code: 'insufficient_quota',
    },
  },
};

/** A completion whose content is not the promised JSON (for the malformed-output case). */
export function malformedCompletion(model = 'gpt-fake'): FakeReply {
  return completion(model, '{"scenes": [ {"title": "Oops"');
}
