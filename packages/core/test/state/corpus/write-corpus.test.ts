import { writeCorpus } from './write-corpus';

// Not a test of behaviour: the way to write a new format's frozen corpus (see write-corpus.ts).
// Without the variable it checks only that the writer module loads.
describe('the run-state corpus writer', () => {
  it('writes the current format\'s corpus when asked to', async () => {
    if (process.env.TOOLWRIGHT_WRITE_RUN_STATE_CORPUS !== '1') {
      expect(typeof writeCorpus).toBe('function');
      return;
    }
    console.log(`wrote ${await writeCorpus()}`);
  });
});
