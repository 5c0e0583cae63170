import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ScriptedModel } from '@toolwright/core';
import { OpenAIResponsesModel, OpenAIChatCompletionsModel } from '@toolwright/openai';
import { createModel } from '../src/model';
import { startSampleBraveServer } from '../src/sample-brave-server';

const run = promisify(execFile);
const main = join(__dirname, '..', 'dist', 'main.js');

/** The environment of a user with neither key (whatever the machine running the tests has). */
function envWithout(...names: string[]): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_API', 'OPENAI_MODEL', 'BRAVE_API_KEY', 'BRAVE_SEARCH_ENDPOINT', ...names]) delete env[name];
  return env;
}

describe('the brave-search example', () => {
  beforeAll(() => {
    if (!existsSync(main)) throw new Error(`${main} is missing: build the example first (npm run build, which runs \`toolwright build\`).`);
  });

  it('runs without keys: ScriptedModel searching the local stand-in through the real toolkit', async () => {
    const { stdout } = await run(process.execPath, [main, 'What is new in TypeScript 5.9?'], { env: envWithout(), timeout: 60_000 });
    expect(stdout).toContain('No OPENAI_API_KEY set: the model is a ScriptedModel.');
    expect(stdout).toContain('No BRAVE_API_KEY set');
    expect(stdout).toContain('→ brave_search({"query":"What is new in TypeScript 5.9?"})');
    expect(stdout).toContain('✓ brave_search: 3 results');
    expect(stdout).toContain('  1. Announcing TypeScript 5.9\n     https://devblogs.microsoft.com/typescript/announcing-typescript-5-9/');
    expect(stdout).toContain('Answer:\nHere is what the web says, from the top results:\n- Announcing TypeScript 5.9 (https://devblogs.microsoft.com/typescript/announcing-typescript-5-9/)');
  });

  it('sends BRAVE_API_KEY as the subscription token when it is set', async () => {
    const server = await startSampleBraveServer('the-real-key');
    try {
      const ok = await run(process.execPath, [main, 'typescript'], { env: { ...envWithout(), BRAVE_API_KEY: 'the-real-key', BRAVE_SEARCH_ENDPOINT: server.endpoint }, timeout: 60_000 });
      expect(ok.stdout).toContain('Searching with Brave (BRAVE_API_KEY is set).');
      expect(ok.stdout).toContain('✓ brave_search: 3 results');
      const refused = await run(process.execPath, [main, 'typescript'], { env: { ...envWithout(), BRAVE_API_KEY: 'a-wrong-key', BRAVE_SEARCH_ENDPOINT: server.endpoint }, timeout: 60_000 });
      expect(refused.stdout).toContain('✓ brave_search: error');
      expect(refused.stdout).toContain('bravesearch: API returned 422 Unprocessable Entity');
    } finally {
      await server.close();
    }
  });

  it('uses a real OpenAI model when OPENAI_API_KEY is set', () => {
    expect(createModel({}).model).toBeInstanceOf(ScriptedModel);
    expect(createModel({ OPENAI_API_KEY: 'sk-test' }).model).toBeInstanceOf(OpenAIResponsesModel);
    expect(createModel({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' }).model).toBeInstanceOf(OpenAIChatCompletionsModel);
  });
});
