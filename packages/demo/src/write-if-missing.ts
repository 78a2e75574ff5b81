import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';

/**
 * Writes a generated file unless it is there already, through a temporary name, so an
 * interrupted run never leaves a half file to be kept.
 */
export async function writeIfMissing(file: string, produce: () => Promise<Buffer | string>): Promise<void> {
  if (existsSync(file)) return;
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, await produce());
  await rename(temporary, file);
}
