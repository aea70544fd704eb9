/** Embedding txc: start a venue in-process (test suites of trading bots do this). */
export { loadConfig, ConfigError } from './config/load.js';
export type { Config } from './config/schema.js';
export { serve, DEMO_VENUE_FILE, type RunningServer, type ServeExtras } from './process/serve.js';
export type { Route } from './http/app.js';
export { runEngineNode, type RunningNode } from './cluster/engine-node.js';
export { runGateway, type RunningGateway } from './cluster/gateway.js';
export type { RouteDeps } from './http/routes/route-deps.js';

/** Inspecting a store (tools, benchmarks): open it, read its journal, rebuild its state. */
export { openStore, type StoreConfig } from './store/open-store.js';
export type { Store, JournalRecord, SnapshotRecord, CommitBatch, ProjectionWrite } from './store/port.js';
export { commitBatch } from './store/commit-batch.js';
export { loadState, type LoadedState } from './venue/sequencer/load-state.js';
export { snapshotOf } from './venue/sequencer/sequencer.js';
export { project } from './venue/projection/projector.js';
export { CandleProjection, type TouchedCandles } from './venue/projection/candle-projection.js';
export { USER_HISTORY_CATCH_UP_EVERY } from './config/schema.js';
export { stateHash } from './venue/sequencer/state-hash.js';

/** The HMAC that authenticates signed requests, as the server computes it (benchmarks time it alone). */
export { HmacSha512Key } from './venue/keys/hmac-sha512-key.js';
