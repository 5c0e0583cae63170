import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AdapterId } from '../adapters/adapter';
import { DEFINE_COUNT } from '../scenarios/define.scenario';
import { DISPATCH_TOOLS } from '../scenarios/dispatch.scenario';
import { toolSpecs } from '../shape/tool-spec';
import { agentsSource, aiSource, floorSource } from './peer-sources';
import { buildToolwrightModule } from './toolwright-source';

/** The loadable module per adapter, and why an adapter has none. */
export interface GeneratedModules {
  /** The 1,000-tool define module per adapter. */
  modules: Partial<Record<AdapterId, string>>;
  /** Toolwright's decorated module of the dispatch tools only (so a run loads what peers load). */
  toolwrightDispatch?: string;
  errors: Partial<Record<AdapterId, string>>;
}

/**
 * Writes the 1,000-tool define modules into `dir` (bench/generated, gitignored), one folder per
 * adapter. Toolwright's are decorated classes compiled through the scanner's transformer.
 */
export async function generateSources(dir: string, adapters: AdapterId[]): Promise<GeneratedModules> {
  const specs = toolSpecs(DEFINE_COUNT);
  const out: GeneratedModules = { modules: {}, errors: {} };
  const write = (id: AdapterId, source: string) => {
    const folder = path.join(dir, id);
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, 'tools.js');
    fs.writeFileSync(file, source);
    out.modules[id] = file;
  };
  for (const id of adapters) {
    try {
      switch (id) {
        case 'floor':
          write(id, floorSource(specs));
          break;
        case 'agents':
          write(id, agentsSource(specs));
          break;
        case 'ai':
          write(id, aiSource(specs));
          break;
        case 'toolwright':
          out.modules[id] = await buildToolwrightModule(path.join(dir, id), specs);
          out.toolwrightDispatch = await buildToolwrightModule(path.join(dir, 'toolwright-dispatch'), toolSpecs(DISPATCH_TOOLS));
          break;
      }
    } catch (error) {
      out.errors[id] = `generating the define module failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return out;
}
