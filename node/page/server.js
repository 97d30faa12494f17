// The page: a small HTTP server on 127.0.0.1 (port 8000, or PORT) that serves a plain
// HTML/CSS/JS page and answers its moves through the package. The server keeps no state: the
// page sends the game's text form with each request and gets the new one back, so that every
// answer (and every refusal, shown on the page as its message) is the engine's.

import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'

import { TicTacToe, Rules, TicTacToeError, bestMoveAsync } from '../index.js'

const FILES = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/app.js': ['app.js', 'text/javascript; charset=utf-8'],
  '/style.css': ['style.css', 'text/css; charset=utf-8'],
}

/** The rule sets of the page's menu; `custom` takes the page's numbers. */
const RULE_SETS = {
  tictactoe: () => Rules.ticTacToe(3),
  '4x4': () => Rules.ticTacToe(4),
  'connect-four': () => Rules.CONNECT_FOUR,
  gomoku: () => Rules.GOMOKU,
  custom: ({ rows, cols, k, exact, gravity }) => new Rules(rows, { cols, k, exact, gravity }),
}

/** The largest board the page draws (a button a cell): every game a request names is held to
 * it, a new one and one sent back as its text alike (a text may name any board). */
const MAX_CELLS = 40 * 40

/** The largest request body read, in bytes (a 40 x 40 game's text is a few kilobytes). */
const MAX_BODY = 1 << 20

const MARKS = ['', 'X', 'O']

/** The game's status in words: "X to move", "O wins", "draw". */
function statusWords(game) {
  if (game.status === 'won') return `${MARKS[game.winner]} wins`
  if (game.status === 'draw') return 'draw'
  return `${MARKS[game.nextPlayer]} to move`
}

/** What the page draws. */
function state(game, extra = {}) {
  return {
    text: game.toString(),
    rows: game.rows,
    cols: game.cols,
    gravity: game.gravity,
    cells: [...game.cells()],
    status: statusWords(game),
    winning: game.winningRuns().flatMap((run) => run.cells),
    last: game.history().at(-1) ?? null,
    ...extra,
  }
}

/** The computer player's options from the page's strength: at the top, perfect where it can. */
function computerOptions(request) {
  const simulations = Math.max(1, Math.min(20000, Math.round(Number(request.simulations) || 1000)))
  return { simulations, seed: request.seed ?? 0, perfect: simulations >= 20000 }
}

/**
 * Plays the computer's reply when it is the computer's turn. The search runs on libuv's
 * thread pool (`bestMoveAsync`): a perfect Connect Four move can take a second, and the
 * server answers every other request meanwhile.
 */
async function reply(game, request) {
  if (request.opponent !== 'computer' || game.status !== 'in_progress' || game.nextPlayer !== 2) return
  const [row, col] = await bestMoveAsync(game, computerOptions(request))
  game.play(row, col)
}

/** Refuses a board larger than the page draws. */
function drawable(rows, cols) {
  if (rows * cols > MAX_CELLS) {
    throw new RangeError(`the page draws boards of at most ${MAX_CELLS} cells, not ${rows} x ${cols}`)
  }
}

/** The game a request sends back (its text form), held to the page's largest board. */
function sent(request) {
  const game = TicTacToe.parse(request.text)
  drawable(game.rows, game.cols)
  return game
}

const ACTIONS = {
  /** A new game of the rules asked for (the computer plays O: X, the person, starts). */
  new(request) {
    const make = Object.hasOwn(RULE_SETS, request.rules) ? RULE_SETS[request.rules] : undefined
    if (!make) throw new TypeError(`unknown rules: ${request.rules}`)
    const rules = make(request)
    drawable(rules.rows, rules.cols)
    return state(TicTacToe.fromRules(rules))
  },
  /** The person's click: the cell's action (under gravity its column) played. */
  async click(request) {
    const game = sent(request)
    game.apply(game.actionAt(request.row, request.col))
    await reply(game, request)
    return state(game)
  },
  /** Takes back one move against a person; the computer's reply and the person's move against it. */
  undo(request) {
    const game = sent(request)
    game.undo()
    if (request.opponent === 'computer' && game.nextPlayer === 2) game.undo()
    return state(game)
  },
  /** The computer player's move for whoever is to move, to show. */
  async hint(request) {
    const game = sent(request)
    return state(game, { hint: await bestMoveAsync(game, computerOptions(request)) })
  },
}

/** A plain-text answer with `status` (and more headers). */
function plain(response, status, text, headers = {}) {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers })
  response.end(text)
}

/**
 * One request: a file of the page (GET or HEAD, from memory), or an action (POST of JSON to
 * /api/<name>): 404 for another path, 405 for another method, 415 for a body that is not
 * JSON (which a browser sends only after asking, so that no other site's page can make this
 * one search), 413 past [MAX_BODY]. A refusal of the engine, or a bad request, is an answer
 * `{ ok: false, error, kind }`.
 */
async function handle(files, request, response) {
  // The path as sent: `//app.js` is a path here, not a host.
  const { pathname } = new URL(`http://127.0.0.1${request.url.startsWith('/') ? '' : '/'}${request.url}`)
  if (Object.hasOwn(files, pathname)) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(response, 405, 'GET only', { allow: 'GET, HEAD' })
    const [body, type] = files[pathname]
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
    response.end(request.method === 'HEAD' ? undefined : body)
    return
  }
  const name = pathname.slice('/api/'.length)
  const action = pathname.startsWith('/api/') && Object.hasOwn(ACTIONS, name) && ACTIONS[name]
  if (!action) return plain(response, 404, 'not found')
  if (request.method !== 'POST') return plain(response, 405, 'POST only', { allow: 'POST' })
  if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
    return plain(response, 415, 'the body is JSON: content-type application/json')
  }
  const chunks = []
  let length = 0
  for await (const chunk of request) {
    length += chunk.length
    if (length > MAX_BODY) {
      response.setHeader('connection', 'close')
      return plain(response, 413, `the body is at most ${MAX_BODY} bytes`)
    }
    chunks.push(chunk)
  }
  let answer
  try {
    // Decoded whole: a character split between chunks stays whole.
    answer = { ok: true, ...(await action.call(ACTIONS, JSON.parse(Buffer.concat(chunks).toString('utf8')))) }
  } catch (error) {
    // Every refusal of the engine, and every bad request, goes back as its message.
    const known = error instanceof TicTacToeError || error instanceof TypeError || error instanceof RangeError || error instanceof SyntaxError
    if (!known) throw error
    answer = { ok: false, error: error.message, kind: error.kind ?? error.name }
  }
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff' })
  response.end(JSON.stringify(answer))
}

/** The port `PORT` names (8000 when it is not set): an integer from 0 to 65535. */
function port(text = process.env.PORT) {
  if (text === undefined || text === '') return 8000
  const number = Number(text)
  if (!Number.isInteger(number) || number < 0 || number > 65535) {
    throw new RangeError(`PORT must be an integer from 0 to 65535, not ${JSON.stringify(text)}`)
  }
  return number
}

/**
 * Starts the server on `port` (0: any free one); resolves to the server once it listens. The
 * page's files are read once, here: served from memory, they never wait behind the searches
 * on libuv's thread pool.
 */
export async function serve(listen = port()) {
  const files = {}
  for (const [path, [file, type]] of Object.entries(FILES)) {
    files[path] = [await readFile(new URL(file, import.meta.url)), type]
  }
  const server = createServer((request, response) => {
    handle(files, request, response).catch((error) => {
      if (!response.headersSent) plain(response, 500, String(error?.message ?? error))
      else response.destroy()
    })
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(listen, '127.0.0.1', () => resolve(server))
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await serve()
  console.log(`tictactoe: playing on http://127.0.0.1:${server.address().port}/ (Ctrl-C stops)`)
}
