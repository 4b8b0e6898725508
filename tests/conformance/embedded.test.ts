// Runs the conformance suite against the embedded engine (in memory, explicit refreshes).
import { createEmbeddedEngine } from '../../engine/embedded/index.ts';
import { runConformance } from './suite.ts';

runConformance('embedded', () => createEmbeddedEngine({ refreshIntervalMs: -1 }));
