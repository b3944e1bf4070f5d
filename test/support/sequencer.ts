import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { LONGEST_FILES } from './longest-files.ts';

/** vitest's own order (the cache's durations, else size), with LONGEST_FILES first in their listed order. */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FILES.indexOf(relative(file.project.config.root, file.moduleId).split('\\').join('/'));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    // Array.prototype.sort is stable: the files not listed keep vitest's order among themselves.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
