import { ScriptedModel, type FunctionCallItem, type FunctionCallOutputItem, type ModelRequest, type ScriptedTurn } from '@toolwright/core';

/**
 * A scripted stand-in for a good model, driven by what the tools answered: list the folder,
 * read every .txt file it lists, write summary.md with their first lines, then report.
 */
export function scriptedFilesModel(root: string): ScriptedModel {
  return new ScriptedModel((request: ModelRequest): ScriptedTurn => {
    const calls = request.input.filter((item): item is FunctionCallItem => item.type === 'function_call');
    const outputs = new Map(
      request.input
        .filter((item): item is FunctionCallOutputItem => item.type === 'function_call_output')
        .map((item) => [item.callId, typeof item.output === 'string' ? item.output : JSON.stringify(item.output)]),
    );
    const listing = calls.find((c) => c.name === 'list_directory');
    if (!listing) return { toolCalls: [{ name: 'list_directory', arguments: { path: root } }] };
    const reads = calls.filter((c) => c.name === 'read_text_file');
    if (reads.length === 0) {
      const notes = [...(outputs.get(listing.callId) ?? '').matchAll(/\[FILE\] (\S+\.txt)/g)].map((m) => m[1]!);
      if (notes.length === 0) return { text: `There are no .txt notes in ${root}.` };
      return { toolCalls: notes.map((name) => ({ name: 'read_text_file', arguments: { path: `${root}/${name}`, head: null, tail: null } })) };
    }
    const write = calls.find((c) => c.name === 'write_file');
    if (!write) {
      const lines = reads.map((read) => {
        const path = (JSON.parse(read.arguments) as { path: string }).path;
        const text = contentOf(outputs.get(read.callId) ?? '');
        return `- ${path.slice(root.length + 1)}: ${text.split('\n')[0]}`;
      });
      return { toolCalls: [{ name: 'write_file', arguments: { path: `${root}/summary.md`, content: `# Notes\n\n${lines.join('\n')}\n` } }] };
    }
    const written = outputs.get(write.callId) ?? '';
    return {
      text: written.includes('Successfully wrote')
        ? `I read ${reads.length} notes and wrote their summary to ${root}/summary.md.`
        : `I read ${reads.length} notes but could not write the summary: ${written}`,
    };
  });
}

/** The text of a read_text_file answer (structured content: {"content": "..."}). */
function contentOf(output: string): string {
  try {
    const parsed = JSON.parse(output) as { content?: unknown };
    return typeof parsed.content === 'string' ? parsed.content : output;
  } catch {
    return output;
  }
}
