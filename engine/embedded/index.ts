// Public entry of the embedded engine.
import { EmbeddedEngine, type EmbeddedEngineOptions } from './engine.ts';

export { EmbeddedEngine, type EmbeddedEngineOptions };

/** Creates the embedded engine, loading `${dataDir}` if a snapshot is there. */
export async function createEmbeddedEngine(options: EmbeddedEngineOptions = {}): Promise<EmbeddedEngine> {
  const engine = new EmbeddedEngine(options);
  await engine.open();
  return engine;
}
