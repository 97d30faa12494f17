// The page's server: it answers other requests while the computer searches (moves and hints
// come from bestMoveAsync, on libuv's thread pool; the page's files from memory), holds every
// game a request names to the page's largest board, and refuses what is not a request of the
// page's with the HTTP status that says why, nothing searched.

import assert from 'node:assert/strict'
import { request as send } from 'node:http'
import { after, before, test } from 'node:test'

import { TicTacToe, Rules } from '../index.js'
import { serve } from '../page/server.js'

let server, base

before(async () => {
  server = await serve(0)
  base = `http://127.0.0.1:${server.address().port}`
})

after(() => new Promise((resolve) => server.close(resolve)))

/** POSTs `body` (an object, as JSON) to /api/<action>; the answer's JSON. */
async function api(action, body) {
  const response = await fetch(`${base}/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  assert.equal(response.status, 200)
  return response.json()
}

/** A raw request: `chunks` written one by one; resolves to `{ status, headers, body }`. */
function raw(method, path, { headers = {}, chunks = [] } = {}) {
  return new Promise((resolve, reject) => {
    const request = send(`${base}${path}`, { method, headers }, (response) => {
      const parts = []
      response.on('data', (part) => parts.push(part))
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(parts).toString('utf8') }))
    })
    request.on('error', reject)
    for (const chunk of chunks) request.write(chunk)
    request.end()
  })
}

test('searches do not stall the page: its files are answered while the pool is busy', async () => {
  const game = TicTacToe.fromRules(Rules.GOMOKU)
  game.play(7, 7)
  // More searches than libuv's pool has threads (4), each hundreds of ms.
  const order = []
  const hints = Array.from({ length: 6 }, (_, seed) =>
    api('hint', { text: game.toString(), simulations: 19999, seed }).then((answer) => { order.push('hint'); return answer }))
  await new Promise((resolve) => setTimeout(resolve, 10))
  for (const path of ['/', '/app.js', '/style.css']) {
    const response = await fetch(`${base}${path}`)
    assert.equal(response.status, 200, path)
    order.push(path)
  }
  const answers = await Promise.all(hints)
  assert.deepEqual(order.slice(0, 3), ['/', '/app.js', '/style.css'], 'the files came before any hint')
  for (const answer of answers) {
    assert.equal(answer.ok, true)
    assert.equal(game.cell(...answer.hint), 0, 'the hint is a free cell')
  }
})

test('every game a request names is held to the page\'s largest board', async () => {
  const wide = 'tictactoe/1 rows=2 cols=65535 k=2 moves=0,0,1'
  for (const action of ['click', 'undo', 'hint']) {
    const answer = await api(action, { text: wide, row: 1, col: 1, simulations: 20000 })
    assert.deepEqual(answer, {
      ok: false, kind: 'RangeError', error: 'the page draws boards of at most 1600 cells, not 2 x 65535',
    }, action)
  }
  const big = await api('new', { rules: 'custom', rows: 41, cols: 40, k: 5 })
  assert.equal(big.error, 'the page draws boards of at most 1600 cells, not 41 x 40')
  // The largest it draws is played.
  const largest = await api('new', { rules: 'custom', rows: 40, cols: 40, k: 5 })
  assert.equal(largest.cells.length, 1600)
})

test('what is not a request of the page\'s is refused with its status', async () => {
  const cases = [
    [raw('GET', '/nowhere'), 404],
    [raw('GET', '//app.js'), 404],
    [raw('GET', '/../page/server.js'), 404],
    [raw('GET', '/%2e%2e/page/server.js'), 404],
    [raw('POST', '/'), 405, 'GET, HEAD'],
    [raw('GET', '/api/new'), 405, 'POST'],
    [raw('POST', '/api/new', { headers: { 'content-type': 'text/plain' }, chunks: ['{"rules":"tictactoe"}'] }), 415],
    [raw('POST', '/api/new', { chunks: ['{"rules":"tictactoe"}'] }), 415],
    [raw('POST', '/api/new', { headers: { 'content-type': 'application/json' }, chunks: ['x'.repeat((1 << 20) + 1)] }), 413],
  ]
  for (const [response, status, allow] of cases) {
    const { status: got, headers } = await response
    assert.equal(got, status)
    if (allow) assert.equal(headers.allow, allow)
  }
  const head = await raw('HEAD', '/')
  assert.deepEqual([head.status, head.body, head.headers['content-type']], [200, '', 'text/html; charset=utf-8'])
  // Names that are not rule sets of the page's, those of every object's prototype included.
  for (const rules of ['__proto__', 'constructor', 'toString', 'chess']) {
    assert.deepEqual(await api('new', { rules }), { ok: false, kind: 'TypeError', error: `unknown rules: ${rules}` })
  }
})

test('a body is decoded whole: a character split between two writes stays one character', async () => {
  const body = Buffer.from(JSON.stringify({ rules: 'é'.repeat(3) }))
  const split = body.indexOf(0xc3) + 1 // inside the first é
  const { status, body: answer } = await raw('POST', '/api/new', {
    headers: { 'content-type': 'application/json' },
    chunks: [body.subarray(0, split), body.subarray(split)],
  })
  assert.equal(status, 200)
  assert.equal(JSON.parse(answer).error, 'unknown rules: ééé')
})

test('PORT is an integer from 0 to 65535, or the server does not start', async () => {
  const saved = process.env.PORT
  try {
    for (const bad of ['abc', '-1', '65536', '80.5']) {
      process.env.PORT = bad
      await assert.rejects(serve(), { name: 'RangeError', message: `PORT must be an integer from 0 to 65535, not ${JSON.stringify(bad)}` })
    }
  } finally {
    if (saved === undefined) delete process.env.PORT
    else process.env.PORT = saved
  }
})
