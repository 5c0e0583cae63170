#!/usr/bin/env node
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Agent, Runner } from '@toolwright/core';
import { BraveSearchToolkit } from '@toolwright/brave-search';
import { createModel } from './model';
import { startSampleBraveServer, type SampleBraveServer } from './sample-brave-server';

const DEFAULT_QUESTION = 'What is new in TypeScript 5.9?';

/**
 * A research agent with one tool, brave_search. Usage: `node dist/main.js ["your question"]`.
 * BRAVE_API_KEY set: searches Brave for real (BRAVE_SEARCH_ENDPOINT overrides the URL). Not
 * set: searches a local stand-in of Brave's API that returns sample results.
 */
async function main(): Promise<void> {
  const question = process.argv.slice(2).join(' ').trim() || DEFAULT_QUESTION;
  const { model, description } = createModel();
  console.log(description);

  let sample: SampleBraveServer | undefined;
  let toolkit: BraveSearchToolkit;
  const apiKey = process.env.BRAVE_API_KEY?.trim();
  if (apiKey) {
    toolkit = new BraveSearchToolkit({ apiKey, count: 5, safeSearch: 'moderate', endpoint: process.env.BRAVE_SEARCH_ENDPOINT?.trim() || undefined });
    console.log('Searching with Brave (BRAVE_API_KEY is set).');
  } else {
    const token = randomUUID();
    sample = await startSampleBraveServer(token);
    toolkit = new BraveSearchToolkit({ apiKey: token, count: 5, endpoint: sample.endpoint });
    console.log('No BRAVE_API_KEY set: searching a local stand-in of Brave\'s API that returns sample results.');
  }

  try {
    const agent = new Agent({
      name: 'researcher',
      instructions: 'Answer the question with the web search tool. Cite the titles and URLs of the results you used. Be brief.',
      tools: [toolkit],
    });
    console.log(`> ${question}`);
    const stream = new Runner({ model, maxTurns: 6 }).stream(agent, question);
    for await (const event of stream) {
      if (event.type === 'tool_called') console.log(`→ ${event.toolName}(${event.arguments})`);
      else if (event.type === 'tool_output') console.log(`✓ ${event.toolName}: ${event.result.isError ? 'error' : event.result.summary}\n${indent(event.result.text)}`);
    }
    const result = await stream.result;
    console.log(`\nAnswer:\n${String(result.finalOutput)}`);
  } finally {
    await sample?.close();
  }
}

function indent(text: string): string {
  return text.split('\n').map((line) => `  ${line}`).join('\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exitCode = 1;
});
