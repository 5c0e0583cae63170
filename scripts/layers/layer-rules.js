'use strict';
// The layering rules over one package's import graph, as pure functions: no folder cycles (type
// imports included), no import from a lower layer into a higher one, every src folder listed.

/** The folder name standing for the files directly in src/ (the top of every package). */
const TOP = '.';

/** The top-level folder under src/ of a path relative to src/, or TOP for a file directly in src/. */
function folderOf(file) {
  const slash = file.indexOf('/');
  return slash < 0 ? TOP : file.slice(0, slash);
}

/** How a folder is named in messages. */
function label(folder) {
  return folder === TOP ? 'src/*.ts (top)' : `${folder}/`;
}

/** `from → to` of one import, with its kind when it is type-only. */
function describeImport(edge) {
  return `${edge.from} → ${edge.to}${edge.typeOnly ? ' (import type)' : ''}`;
}

/**
 * The strongly connected components of a folder graph with more than one folder (Tarjan).
 * @param {Map<string, Set<string>>} graph
 * @returns {string[][]}
 */
function folderCycles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** One closed path through a component, from its first folder back to it (breadth-first, shortest). */
function cyclePath(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...component, start];
}

/** How many imports of a folder-to-folder arrow a message shows before "and N more". */
const SHOWN_IMPORTS = 3;

/**
 * A cycle's path, then each folder-to-folder arrow inside it with its imports, the thinnest
 * arrow first: the one with fewest imports is usually the one to remove.
 */
function describeCycle(graph, component, crossing) {
  const members = new Set(component);
  const arrows = new Map();
  for (const edge of crossing) {
    if (!members.has(edge.fromFolder) || !members.has(edge.toFolder)) continue;
    const key = `${label(edge.fromFolder)} → ${label(edge.toFolder)}`;
    if (!arrows.has(key)) arrows.set(key, []);
    arrows.get(key).push(edge);
  }
  const lines = [...arrows]
    .sort(([a, x], [b, y]) => x.length - y.length || a.localeCompare(b))
    .map(([key, imports]) => {
      const shown = imports.slice(0, SHOWN_IMPORTS).map(describeImport).join('; ');
      const more = imports.length > SHOWN_IMPORTS ? `; and ${imports.length - SHOWN_IMPORTS} more` : '';
      return `      ${key} (${imports.length} import${imports.length === 1 ? '' : 's'}): ${shown}${more}`;
    });
  const folders = component.length === 2 ? '' : ` (${component.length} folders tangled in cycles: ${component.map(label).join(', ')})`;
  return `${cyclePath(graph, component).map(label).join(' → ')}${folders}, arrows thinnest first:\n${lines.join('\n')}`;
}

/**
 * Every layering violation of one package.
 * @param {{ layerOf: Map<string, number>, layerCount: number, folders: string[], edges: Array<{ from: string, to: string, typeOnly: boolean }> }} input
 *   `folders`: the folders directly under src/; `edges`: the imports between files of src/, as paths relative to src/.
 * @returns {Array<{ rule: string, message: string }>}
 */
function layerViolations({ layerOf, layerCount, folders, edges }) {
  const violations = [];
  const present = new Set(folders);
  for (const folder of [...present].sort()) {
    if (!layerOf.has(folder)) {
      violations.push({ rule: 'folder-not-in-layers', message: `src/${folder}/ is not listed in layers.json: add it to the layer it belongs to` });
    }
  }
  for (const folder of [...layerOf.keys()].sort()) {
    if (!present.has(folder)) {
      violations.push({ rule: 'folder-not-in-layers', message: `layers.json lists "${folder}" but src/${folder}/ does not exist: remove it from layers.json` });
    }
  }
  const rank = (folder) => (folder === TOP ? layerCount : layerOf.get(folder));
  const graph = new Map();
  const crossing = edges
    .map((edge) => ({ ...edge, fromFolder: folderOf(edge.from), toFolder: folderOf(edge.to) }))
    .filter((edge) => edge.fromFolder !== edge.toFolder)
    .sort((a, b) => describeImport(a).localeCompare(describeImport(b)));
  for (const edge of crossing) {
    if (!graph.has(edge.fromFolder)) graph.set(edge.fromFolder, new Set());
    graph.get(edge.fromFolder).add(edge.toFolder);
    const fromRank = rank(edge.fromFolder);
    const toRank = rank(edge.toFolder);
    if (fromRank !== undefined && toRank !== undefined && fromRank < toRank) {
      violations.push({
        rule: 'no-upward-import',
        message: `${describeImport(edge)}: ${label(edge.fromFolder)} (layer ${fromRank}) imports ${label(edge.toFolder)} (layer ${toRank}); a layer may import only its own and lower layers`,
      });
    }
  }
  for (const component of folderCycles(graph)) {
    violations.push({ rule: 'no-folder-cycle', message: describeCycle(graph, component, crossing) });
  }
  return violations;
}

module.exports = { TOP, folderOf, folderCycles, layerViolations };
