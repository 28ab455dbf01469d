'use strict';
/**
 * A thin client for the referee's gRPC API (referee.v1). The .proto files are loaded at run time
 * from the repository's proto/ (or REFEREE_PROTO_DIR), so the client always matches the server.
 * Messages are plain objects with the proto's snake_case field names, enums as names and 64-bit
 * integers as strings; store a returned state as it is and send it back unchanged.
 */
const path = require('node:path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const protobuf = require('protobufjs');

// The proto files bundled into a packed package (npm pack), else the repository's.
const BUNDLED = path.join(__dirname, '..', 'proto');
const PROTO_DIR = process.env.REFEREE_PROTO_DIR
  || (require('node:fs').existsSync(BUNDLED) ? BUNDLED : path.join(__dirname, '..', '..', '..', 'proto'));

/**
 * The messages, as types generated from the proto files (types/proto/, made by `npm pack`): the
 * plain name is what a call accepts, `__Output` what it returns.
 * @typedef {import('../types/proto/referee/v1/GameState').GameState} GameState
 * @typedef {import('../types/proto/referee/v1/GameState').GameState__Output} GameStateOut
 * @typedef {import('../types/proto/referee/v1/Action').Action} Action
 * @typedef {import('../types/proto/referee/v1/Action').Action__Output} ActionOut
 * @typedef {import('../types/proto/referee/v1/Status').Status__Output} Status
 * @typedef {import('../types/proto/referee/v1/GameInfo').GameInfo__Output} GameInfo
 * @typedef {import('../types/proto/referee/v1/NewGameRequest').NewGameRequest} NewGameRequest
 * @typedef {import('../types/proto/referee/v1/NewGameResponse').NewGameResponse__Output} NewGameResponse
 * @typedef {import('../types/proto/referee/v1/PortRoyalOptions').PortRoyalOptions} PortRoyalOptions
 * @typedef {import('../types/proto/referee/v1/VillageOptions').VillageOptions} VillageOptions
 * @typedef {import('../types/proto/referee/v1/Applied').Applied__Output} Applied
 * @typedef {import('../types/proto/referee/v1/Violation').Violation__Output} Violation
 * @typedef {import('../types/proto/referee/v1/GameView').GameView__Output} GameView
 * @typedef {import('../types/proto/referee/v1/ReplayResponse').ReplayResponse__Output} ReplayResponse
 * @typedef {import('../types/proto/referee/v1/SuggestResponse').SuggestResponse__Output} SuggestResponse
 */

const definition = protoLoader.loadSync('referee/v1/referee_service.proto', {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: false,
  oneofs: true,
  includeDirs: [PROTO_DIR],
});
const v1 = grpc.loadPackageDefinition(definition).referee.v1;

// The parts of google.rpc's error model the referee sends in `grpc-status-details-bin`.
const rpc = protobuf.Root.fromJSON({
  nested: {
    Any: { fields: { type_url: { type: 'string', id: 1 }, value: { type: 'bytes', id: 2 } } },
    Status: {
      fields: {
        code: { type: 'int32', id: 1 },
        message: { type: 'string', id: 2 },
        details: { rule: 'repeated', type: 'Any', id: 3 },
      },
    },
    FieldViolation: {
      fields: { field: { type: 'string', id: 1 }, description: { type: 'string', id: 2 } },
    },
    BadRequest: { fields: { field_violations: { rule: 'repeated', type: 'FieldViolation', id: 1 } } },
    ErrorInfo: { fields: { reason: { type: 'string', id: 1 }, domain: { type: 'string', id: 2 } } },
  },
});

/** A gRPC error: a malformed request or state, an overloaded server, a deadline — never an
 * illegal move, which is an ordinary answer (a violation). */
class RefereeError extends Error {
  constructor(err) {
    super(err.details || err.message);
    this.name = 'RefereeError';
    /** The gRPC status code (a number) and its name, e.g. 'INVALID_ARGUMENT'. */
    this.code = err.code;
    this.codeName = Object.keys(grpc.status).find((k) => grpc.status[k] === err.code);
    /** The field paths of google.rpc.BadRequest, e.g. ['state.port_royal.harbor[0]']. */
    this.fields = [];
    /** The google.rpc.ErrorInfo reason, e.g. 'UNSUPPORTED_GAME' or 'STATE_TAMPERED'. */
    this.reason = null;
    const raw = err.metadata && err.metadata.get('grpc-status-details-bin')[0];
    if (raw) {
      for (const any of rpc.lookupType('Status').decode(raw).details) {
        if (any.type_url.endsWith('/google.rpc.BadRequest')) {
          const bad = rpc.lookupType('BadRequest').decode(any.value);
          this.fields.push(...bad.field_violations.map((f) => f.field));
        } else if (any.type_url.endsWith('/google.rpc.ErrorInfo')) {
          this.reason = rpc.lookupType('ErrorInfo').decode(any.value).reason;
        }
      }
    }
  }
}

/**
 * The gRPC service config every Referee uses unless told otherwise: every referee RPC is
 * idempotent, so a call that failed with UNAVAILABLE (no replica reachable, a connection refused
 * or reset) or UNKNOWN (an answer cut off mid-response, e.g. a replica killed) is sent again, up
 * to 4 attempts with exponential backoff from 50 ms to 1 s. Pass `serviceConfig` to change it,
 * or `null` to turn retries off.
 */
const DEFAULT_SERVICE_CONFIG = Object.freeze({
  methodConfig: [{
    name: [{ service: 'referee.v1.RefereeService' }],
    retryPolicy: {
      maxAttempts: 4,
      initialBackoff: '0.05s',
      maxBackoff: '1s',
      backoffMultiplier: 2,
      retryableStatusCodes: ['UNAVAILABLE', 'UNKNOWN'],
    },
  }],
});

/**
 * The referee at `address` (host:port). Every method returns a promise. `credentials`:
 * `grpc.credentials.createSsl(ca, key, cert)` for a referee serving TLS (the default is
 * plaintext); `serviceConfig`: the retry policy (DEFAULT_SERVICE_CONFIG, or null for none).
 */
class Referee {
  constructor(address, {
    credentials = grpc.credentials.createInsecure(),
    deadlineMs = 5000,
    serviceConfig = DEFAULT_SERVICE_CONFIG,
  } = {}) {
    const options = { 'grpc.enable_retries': serviceConfig ? 1 : 0 };
    if (serviceConfig) options['grpc.service_config'] = JSON.stringify(serviceConfig);
    this.client = new v1.RefereeService(address, credentials, options);
    this.deadlineMs = deadlineMs;
  }

  /** Resolves once connected (or rejects after `ms`). */
  ready(ms = 10000) {
    return new Promise((resolve, reject) => {
      this.client.waitForReady(Date.now() + ms, (err) => (err ? reject(err) : resolve()));
    });
  }

  close() {
    this.client.close();
  }

  call(method, request) {
    return new Promise((resolve, reject) => {
      const deadline = Date.now() + this.deadlineMs;
      this.client[method](request, { deadline }, (err, response) =>
        err ? reject(new RefereeError(err)) : resolve(response));
    });
  }

  /**
   * The games served, with options, player counts and card tables.
   * @returns {Promise<GameInfo[]>}
   */
  async listGames() {
    return (await this.call('ListGames', {})).games;
  }

  /**
   * A new game: `{ state, status }`. Port Royal unless `game` says otherwise. Its options, if
   * any: `options`, keyed by the game's field of `NewGameRequest.options` (`{ village: {...} }`,
   * for any game served); `portRoyal` and `village` are short forms of two of them, refused for
   * another game. No options: the game's defaults. With `fairShuffle` (and no seed) nothing is
   * dealt until every seat has sent a contribution (docs/fair-shuffles.md).
   * @param {number} players
   * @param {{ seed?: number | string, startSeat?: number, portRoyal?: PortRoyalOptions,
   *   game?: string, village?: VillageOptions, options?: Object<string, Object>,
   *   fairShuffle?: boolean }} [settings]
   * @returns {Promise<NewGameResponse>}
   */
  async newGame(players, {
    seed, startSeat, portRoyal, game = 'port-royal', village, options = {}, fairShuffle,
  } = {}) {
    const short = { 'port-royal': ['port_royal', portRoyal], village: ['village', village] };
    const chosen = { ...options };
    for (const [id, [field, given]] of Object.entries(short)) {
      if (given === undefined) continue;
      if (id !== game) throw new TypeError(`${field} options are for ${id}, not ${game}`);
      chosen[field] = given;
    }
    return this.call('NewGame', {
      game,
      players,
      seed: seed === undefined ? undefined : String(seed),
      start_seat: startSeat,
      fair_shuffle: Boolean(fairShuffle),
      ...chosen,
    });
  }

  /**
   * `{ actions, status, descriptions, defaultActions }`: every action open now (only `seat`'s if
   * given), ready for apply; a short English sentence for each; and each deciding seat's default
   * action, the move to play for a seat that timed out or left.
   * @param {GameState} state
   * @param {number} [seat]
   * @returns {Promise<{ actions: ActionOut[], status: Status, descriptions: string[],
   *   defaultActions: ActionOut[] }>}
   */
  async legalActions(state, seat) {
    const response = await this.call('LegalActions', { state, seat });
    return {
      actions: response.actions || [],
      status: response.status,
      descriptions: response.descriptions || [],
      defaultActions: response.default_actions || [],
    };
  }

  /**
   * The violation that would refuse `action`, or null if it is legal.
   * @param {GameState} state
   * @param {Action} action
   * @returns {Promise<Violation | null>}
   */
  async validate(state, action) {
    return (await this.call('Validate', { state, action })).violation || null;
  }

  /**
   * `{ applied: { state, status, events } }` or `{ violation: { code, message } }`.
   * @param {GameState} state
   * @param {Action} action
   * @returns {Promise<{ applied: Applied, violation?: undefined } | { applied?: undefined,
   *   violation: Violation }>}
   */
  async apply(state, action) {
    const response = await this.call('Apply', { state, action });
    return response.applied ? { applied: response.applied } : { violation: response.violation };
  }

  /**
   * What `seat` (or, without one, a spectator) may see.
   * @param {GameState} state
   * @param {number} [seat]
   * @returns {Promise<GameView>}
   */
  async view(state, seat) {
    return (await this.call('View', { state, seat })).view;
  }

  /**
   * What a bot would play for `seat`, from that seat's view alone (docs/api.md, "Bots"):
   * `level` 'random', 'greedy' or 'search' (`maxIterations` its budget, 0 = the default of
   * the game and mode); the same `seed` gives the same answer. `action` is ready for apply; a seat with
   * nothing to decide gets `violation` instead. While every bot thread of the server is busy
   * it answers RESOURCE_EXHAUSTED: that is retried up to `retries` times, after a jittered
   * backoff (about 50, 100, 200 ms), before the error is thrown.
   * @param {GameState} state
   * @param {number} seat
   * @param {{ level?: 'random' | 'greedy' | 'search', maxIterations?: number,
   *   seed?: number | string, retries?: number }} [options]
   * @returns {Promise<SuggestResponse>}
   */
  async suggest(state, seat, { level = 'search', maxIterations = 0, seed = 0, retries = 3 } = {}) {
    const levels = {
      random: 'BOT_LEVEL_RANDOM', greedy: 'BOT_LEVEL_GREEDY', search: 'BOT_LEVEL_SEARCH',
    };
    if (!Object.hasOwn(levels, level)) {
      throw new TypeError(`level must be random, greedy or search, not ${level}`);
    }
    const request = {
      state, seat, level: levels[level], max_iterations: maxIterations, seed: String(seed),
    };
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.call('Suggest', request);
      } catch (err) {
        if (err.code !== grpc.status.RESOURCE_EXHAUSTED || attempt >= retries) throw err;
        const backoff = 50 * 2 ** attempt * (0.5 + Math.random());
        await new Promise((resolve) => { setTimeout(resolve, backoff); });
      }
    }
  }

  /**
   * `{ state, status, applied, violation?, failed_index? }` after replaying `actions` from
   * `setup` (only the first `stopAfter`, if given); a fair shuffle's setup needs the server seed
   * its finished game revealed.
   * @param {NewGameRequest} setup
   * @param {Action[]} actions
   * @param {string} [serverSeed]
   * @param {{ stopAfter?: number }} [options]
   * @returns {Promise<ReplayResponse>}
   */
  async replay(setup, actions, serverSeed, { stopAfter } = {}) {
    return this.call('Replay', { setup, actions, server_seed: serverSeed, stop_after: stopAfter });
  }
}

const { UnfairGame, verifyFairGame } = require('./fair');

module.exports = {
  DEFAULT_SERVICE_CONFIG, Referee, RefereeError, PROTO_DIR, UnfairGame, verifyFairGame, grpc,
};
