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

/** The largest board the page draws (a button a cell). */
const MAX_CELLS = 40 * 40

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

const ACTIONS = {
  /** A new game of the rules asked for (the computer plays O: X, the person, starts). */
  new(request) {
    const make = RULE_SETS[request.rules]
    if (!make) throw new TypeError(`unknown rules: ${request.rules}`)
    const rules = make(request)
    if (rules.rows * rules.cols > MAX_CELLS) {
      throw new RangeError(`the page draws boards of at most ${MAX_CELLS} cells, not ${rules.rows} x ${rules.cols}`)
    }
    return state(TicTacToe.fromRules(rules))
  },
  /** The person's click: the cell's action (under gravity its column) played. */
  async click(request) {
    const game = TicTacToe.parse(request.text)
    game.apply(game.actionAt(request.row, request.col))
    await reply(game, request)
    return state(game)
  },
  /** Takes back one move against a person; the computer's reply and the person's move against it. */
  undo(request) {
    const game = TicTacToe.parse(request.text)
    game.undo()
    if (request.opponent === 'computer' && game.nextPlayer === 2) game.undo()
    return state(game)
  },
  /** The computer player's move for whoever is to move, to show. */
  async hint(request) {
    const game = TicTacToe.parse(request.text)
    return state(game, { hint: await bestMoveAsync(game, computerOptions(request)) })
  },
}

async function handle(request, response) {
  const url = new URL(request.url, 'http://127.0.0.1')
  if (request.method === 'GET' && Object.hasOwn(FILES, url.pathname)) {
    const [file, type] = FILES[url.pathname]
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' })
    response.end(await readFile(new URL(file, import.meta.url)))
    return
  }
  const name = url.pathname.slice('/api/'.length)
  const action = url.pathname.startsWith('/api/') && Object.hasOwn(ACTIONS, name) && ACTIONS[name]
  if (request.method !== 'POST' || !action) {
    response.writeHead(404, { 'content-type': 'text/plain' })
    response.end('not found')
    return
  }
  let body = ''
  for await (const chunk of request) {
    body += chunk
    if (body.length > 1 << 20) throw new RangeError('request too large')
  }
  let answer
  try {
    answer = { ok: true, ...(await action.call(ACTIONS, JSON.parse(body))) }
  } catch (error) {
    // Every refusal of the engine, and every bad request, goes back as its message.
    const known = error instanceof TicTacToeError || error instanceof TypeError || error instanceof RangeError || error instanceof SyntaxError
    if (!known) throw error
    answer = { ok: false, error: error.message, kind: error.kind ?? error.name }
  }
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify(answer))
}

/** Starts the server on `port` (0: any free one); resolves to the server once it listens. */
export function serve(port = Number(process.env.PORT ?? 8000)) {
  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      response.writeHead(500, { 'content-type': 'text/plain' })
      response.end(String(error?.message ?? error))
    })
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await serve()
  console.log(`tictactoe: playing on http://127.0.0.1:${server.address().port}/ (Ctrl-C stops)`)
}
