'use strict';
// Import cycles between the files of one package (type imports included): the strongly connected
// components of its file graph that hold more than one file.
const { folderCycles } = require('./layer-rules');

/**
 * @param {Array<{ from: string, to: string }>} edges the package's file-to-file imports
 * @returns {string[][]} each cycle's files, sorted, cycles sorted by their first file
 */
function fileCycles(edges) {
  const graph = new Map();
  for (const { from, to } of edges) {
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from).add(to);
  }
  // The same component search as for folders: a file is a node as a folder is.
  return folderCycles(graph).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

module.exports = { fileCycles };
