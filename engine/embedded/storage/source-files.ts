// The stored-source files of an engine with a data directory: one file per segment under
// `<dataDir>/sources`, written once when the segment is built or merged and never changed. A file
// is deleted once its segment has left the index and no snapshot on disk (or being written)
// refers to it; files a crash left behind are deleted when the engine next opens.
import { createReadStream, mkdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Segment } from '../index/segment.ts';
import { closeSourceFile, closeSourceFilesIn, type SourceFile } from './sources.ts';
import { Checksum } from './checksum.ts';

export function sourcesDir(dataDir: string): string {
  return join(dataDir, 'sources');
}

/** Throws unless the file has the size and checksum recorded for it. */
export async function verifySourceFile(f: SourceFile): Promise<void> {
  const hash = new Checksum();
  let size = 0;
  for await (const chunk of createReadStream(f.path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  if (size !== f.size || hash.digest() !== f.checksum) throw new Error(`source file ${f.path}: checksum mismatch`);
}

export class SourceFiles {
  readonly dir: string;
  /** Names differ between runs, so a file left by a crashed run is never written over. */
  private readonly run = Date.now().toString(36);
  /** Files the snapshot on disk refers to. */
  private persisted = new Set<string>();
  /** Files the snapshot being written refers to. */
  private pinned = new Set<string>();
  /** Files of segments gone from the index but still referred to by a snapshot. */
  private readonly retired = new Set<string>();

  constructor(dataDir: string) {
    this.dir = sourcesDir(dataDir);
    mkdirSync(this.dir, { recursive: true });
  }

  pathFor(segmentId: number): string {
    return join(this.dir, `${segmentId}-${this.run}.src`);
  }

  /** At open: the loaded snapshot refers to `files`; any other file in the directory is deleted. */
  async adopt(files: Set<string>): Promise<void> {
    this.persisted = files;
    for (const name of await readdir(this.dir)) {
      const path = join(this.dir, name);
      if (!files.has(path)) closeSourceFile(path, true);
    }
  }

  /** A segment left the index (merged away, all its docs replaced, its index deleted or never published). */
  retire(seg: Segment): void {
    const path = seg.source.file?.path;
    if (!path) return;
    if (this.persisted.has(path) || this.pinned.has(path)) this.retired.add(path);
    else closeSourceFile(path, true);
  }

  /** A snapshot referring to `files` is being written. */
  pin(files: Set<string>): void {
    this.pinned = files;
  }

  /** The snapshot pinned last is on disk (`written`) or failed; files only older snapshots needed go. */
  snapshotDone(written: boolean): void {
    if (written) this.persisted = this.pinned;
    this.pinned = new Set();
    for (const path of this.retired) {
      if (this.persisted.has(path)) continue;
      this.retired.delete(path);
      closeSourceFile(path, true);
    }
  }

  /** Closes the files this engine has open (it is closing). */
  close(): void {
    closeSourceFilesIn(this.dir);
  }
}

/** The source files of the given segments. */
export function filesOf(segments: Iterable<Segment>): Set<string> {
  const out = new Set<string>();
  for (const seg of segments) if (seg.source.file) out.add(seg.source.file.path);
  return out;
}
