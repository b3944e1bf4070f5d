import { vi } from 'vitest';

/** A line the structured logger (lib/logger.ts) wrote: Powertools' JSON, with the keys of whoever logged it. */
export type LogLine = { level: string; message: string } & Record<string, unknown>;

/**
 * Reads what the logger writes in this process from now on (Powertools writes INFO and DEBUG to
 * stdout, WARN and ERROR to stderr) into the array returned; anything else is written as before.
 * `vi.restoreAllMocks()` ends it.
 */
export function captureLogLines(): LogLine[] {
  const lines: LogLine[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = String(chunk);
      if (!text.includes('"level"')) return write(chunk, ...(rest as []));
      lines.push(
        ...text
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as LogLine),
      );
      return true;
    });
  }
  return lines;
}
