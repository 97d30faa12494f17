// The page's server answers other requests while the computer searches: its moves and hints
// come from bestMoveAsync, on libuv's thread pool, not from the event loop it serves on.

import assert from 'node:assert/strict'
import { test } from 'node:test'

import { TicTacToe, Rules } from '../index.js'
import { serve } from '../page/server.js'

test('a long hint does not stall the server', async () => {
  const server = await serve(0)
  try {
    const base = `http://127.0.0.1:${server.address().port}`
    const game = TicTacToe.fromRules(Rules.GOMOKU)
    game.play(7, 7)
    // The tree search alone, at the page's largest count below perfect: hundreds of ms.
    const request = { text: game.toString(), simulations: 19999, seed: 2 }
    const order = []
    const hint = fetch(`${base}/api/hint`, { method: 'POST', body: JSON.stringify(request) })
      .then((response) => response.json())
      .then((answer) => { order.push('hint'); return answer })
    // Sent once the hint's search is under way: the page itself, which needs no search.
    await new Promise((resolve) => setTimeout(resolve, 30))
    const page = await fetch(`${base}/`).then((response) => { order.push('page'); return response.text() })
    const answer = await hint
    assert.ok(page.includes('<html'), 'the page was served')
    assert.deepEqual(order, ['page', 'hint'], 'the page was answered while the hint was searched')
    assert.equal(answer.ok, true)
    assert.equal(game.cell(...answer.hint), 0, 'the hint is a free cell')
  } finally {
    server.close()
  }
})
