import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  project: string;
  file: string;
  /** Wall-clock milliseconds since the run began, when the file started and ended in its worker. */
  startMs: number;
  endMs: number;
  /** Set-up, import and every test and hook of the file, as vitest counts them. */
  seconds: number;
  tests: number;
  failed: number;
}

/**
 * Writes each test file's project, wall time and test count to TEST_TIMES_FILE at the end of the run. Vitest's
 * JSON reporter cannot do this: it has no project name (api and api-pg run the same files) and it counts only
 * the tests' own time, not the hooks that start an app or a browser.
 */
export default class TestTimesReporter implements Reporter {
  private readonly began = Date.now();
  private readonly starts = new Map<string, number>();
  private readonly files: FileTime[] = [];

  onTestModuleStart(module: TestModule) {
    this.starts.set(key(module), Date.now() - this.began);
  }

  onTestModuleEnd(module: TestModule) {
    const diagnostic = module.diagnostic();
    const tests = [...module.children.allTests()];
    this.files.push({
      project: module.project.name,
      file: module.relativeModuleId,
      startMs: this.starts.get(key(module)) ?? 0,
      endMs: Date.now() - this.began,
      seconds:
        (diagnostic.environmentSetupDuration +
          diagnostic.prepareDuration +
          diagnostic.collectDuration +
          diagnostic.setupDuration +
          diagnostic.duration) /
        1000,
      tests: tests.length,
      failed: tests.filter((test) => test.result().state === 'failed').length,
    });
  }

  onTestRunEnd() {
    const target = process.env.TEST_TIMES_FILE;
    if (target) writeFileSync(target, JSON.stringify({ wallMs: Date.now() - this.began, files: this.files }));
  }
}

function key(module: TestModule): string {
  return `${module.project.name}\u0000${module.moduleId}`;
}
