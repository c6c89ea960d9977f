import type { FileTime } from './reporter';

export interface TestTimes {
  wallMs: number;
  files: FileTime[];
}

const SLOWEST = 20;

export function printTestTimes({ wallMs, files }: TestTimes) {
  const projects = new Map<string, FileTime[]>();
  for (const file of files) projects.set(file.project, [...(projects.get(file.project) ?? []), file]);
  console.log(`\nTest times: ${seconds(wallMs)} s in all, ${files.length} files`);
  console.log('project     wall s   files   tests  failed   file-seconds');
  for (const [name, own] of [...projects].sort(([a], [b]) => a.localeCompare(b))) {
    const wall = Math.max(...own.map((f) => f.endMs)) - Math.min(...own.map((f) => f.startMs));
    const sum = (pick: (f: FileTime) => number) => own.reduce((total, f) => total + pick(f), 0);
    console.log(
      [
        name.padEnd(10),
        seconds(wall).padStart(7),
        String(own.length).padStart(7),
        String(sum((f) => f.tests)).padStart(7),
        String(sum((f) => f.failed)).padStart(7),
        sum((f) => f.seconds)
          .toFixed(1)
          .padStart(14),
      ].join(' '),
    );
  }
  console.log(`\nThe ${SLOWEST} slowest files:`);
  console.log('seconds  project    file');
  for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) {
    console.log(`${file.seconds.toFixed(1).padStart(7)}  ${file.project.padEnd(10)} ${file.file}`);
  }
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}
