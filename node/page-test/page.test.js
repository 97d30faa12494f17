// The page in a real browser: Debian's Chromium, headless, driven by playwright-core, against
// the page's server on a free port. A won game of Connect Four by clicks, a refused click (a
// full column) shown as the engine's message, take-backs against a person and against the
// computer, a hint, answers that come late or not at all, the keyboard and a screen reader's
// words, and a screenshot under build/ for people to look at.

import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'

import { chromium } from 'playwright-core'

import { serve } from '../page/server.js'

const BUILD = new URL('../../build/', import.meta.url).pathname
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'

let server, browser, page, profile

before(async () => {
  server = await serve(0)
  profile = mkdtempSync(join(tmpdir(), 'tictactoe-chromium-'))
  // Headless, a fresh profile, and nothing that reaches for a network this machine may not
  // have (or Chromium stalls on a closed network).
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 900, height: 760 },
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  })
  page = browser.pages()[0] ?? (await browser.newPage())
  await page.goto(`http://127.0.0.1:${server.address().port}/`)
  await page.waitForFunction(() => document.body.dataset.answers === '1')
})

after(async () => {
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
  if (profile) rmSync(profile, { recursive: true, force: true })
})

const status = () => page.textContent('#status')
const message = () => page.textContent('#message')
const marks = () => page.$$eval('#board button', (cells) => cells.filter((cell) => cell.textContent !== '').length)

/** Does `act`, then waits until the page has shown the server's answer to it. */
async function answered(act) {
  const before = await page.evaluate(() => Number(document.body.dataset.answers ?? 0))
  await act()
  await page.waitForFunction((count) => Number(document.body.dataset.answers ?? 0) > count, before)
}

const click = (row, col) => answered(() => page.click(`#board button[data-row="${row}"][data-col="${col}"]`))
const press = (id) => answered(() => page.click(`#${id}`))
const choose = (select, value) => answered(() => page.selectOption(select, value))

test('the menus hold what the page promises', async () => {
  const options = (id) => page.$$eval(`${id} option`, (all) => all.map((option) => option.value))
  assert.deepEqual(await options('#rules'), ['tictactoe', '4x4', 'connect-four', 'gomoku', 'custom'])
  assert.deepEqual(await options('#opponent'), ['computer', 'person'])
  assert.equal(await status(), 'X to move')
  assert.equal(await page.$$eval('#board button', (cells) => cells.length), 9)
})

test('Connect Four by clicks: a full column refused, a take-back, a win highlighted', async () => {
  await choose('#opponent', 'person')
  await choose('#rules', 'connect-four')
  assert.equal(await page.$$eval('#board button', (cells) => cells.length), 42)
  // Six marks in column 6, X and O in turn, clicked anywhere in the column: it falls.
  for (let i = 0; i < 6; i += 1) await click(0, 6)
  assert.equal(await marks(), 6)
  assert.equal(await page.textContent('#board button[data-row="0"][data-col="6"]'), 'O')
  // The seventh is refused by the engine, and its message shown.
  await click(3, 6)
  assert.equal(await message(), 'column 6 is full')
  assert.equal(await marks(), 6)
  // A take-back against a person: one move.
  await press('undo')
  assert.equal(await marks(), 5)
  assert.equal(await status(), 'O to move')
  await click(0, 6)
  assert.equal(await message(), '')
  // X: 0, 1, 2, 3 on the bottom row; O answers on the row above.
  for (const col of [0, 1, 2]) {
    await click(5, col)
    await click(4, col)
  }
  await click(5, 3)
  assert.equal(await status(), 'X wins')
  const won = await page.$$eval('#board button.win', (cells) => cells.map((cell) => [cell.dataset.row, cell.dataset.col].join(',')))
  assert.deepEqual(won, ['5,0', '5,1', '5,2', '5,3'])
  mkdirSync(BUILD, { recursive: true })
  await page.screenshot({ path: join(BUILD, 'page-connect-four.png') })
  // A click after the win: the engine's refusal.
  await click(0, 4)
  assert.match(await message(), /the game is over/)
})

test('against the computer: its reply, a hint, and a take-back of both moves', async () => {
  await choose('#opponent', 'computer')
  await choose('#rules', 'tictactoe')
  await click(1, 1)
  assert.equal(await marks(), 2, 'the computer answered')
  assert.equal(await status(), 'X to move')
  await press('hint')
  assert.equal(await page.$$eval('#board button.hint', (cells) => cells.length), 1)
  const hinted = await page.$eval('#board button.hint', (cell) => cell.textContent)
  assert.equal(hinted, '', 'the hint is a free cell')
  await press('undo')
  assert.equal(await marks(), 0)
  assert.equal(await status(), 'X to move')
  await click(1, 1)
  await click(1, 1)
  assert.equal(await message(), 'cell (1, 1) is already taken by player 1 (X)')
})

test('your own rules: refused numbers shown, then a 5 x 5 board with gravity', async () => {
  await choose('#opponent', 'person')
  await choose('#rules', 'custom')
  for (const [id, value] of [['#rows', '3'], ['#cols', '3'], ['#k', '5']]) await page.fill(id, value)
  await press('new')
  assert.equal(await message(), 'k = 5 is invalid on a 3 x 3 board: k must be from 1 to 3')
  for (const [id, value] of [['#rows', '5'], ['#cols', '5'], ['#k', '4']]) await page.fill(id, value)
  await page.check('#gravity')
  await press('new')
  assert.equal(await message(), '')
  assert.equal(await page.$$eval('#board button', (cells) => cells.length), 25)
  await click(0, 2)
  assert.equal(await page.textContent('#board button[data-row="4"][data-col="2"]'), 'X')
})

/** Holds the page's requests to /api/<action> back for `ms` before they go. */
async function slowed(action, ms) {
  await page.route(`**/api/${action}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms))
    await route.continue()
  })
}

test('a late answer does not replace a newer one, and the board takes no move meanwhile', async () => {
  await choose('#opponent', 'person')
  await choose('#rules', 'tictactoe')
  await slowed('click', 400)
  try {
    // Two clicks while the first waits: the second is not sent (it would play from the old
    // position); then a new game, answered first: the click's late answer is not shown.
    const before = await page.evaluate(() => Number(document.body.dataset.answers ?? 0))
    await page.click('#board button[data-row="0"][data-col="0"]')
    await page.click('#board button[data-row="2"][data-col="2"]')
    await page.click('#new')
    await page.waitForFunction((count) => Number(document.body.dataset.answers) === count + 2, before)
    assert.equal(await marks(), 0, 'the new game, not the late click\'s board')
    assert.equal(await status(), 'X to move')
  } finally {
    await page.unroute('**/api/click')
  }
  await click(0, 0)
  assert.equal(await marks(), 1)
})

test('no answer, or an HTTP error, is shown as a message; the board stays', async () => {
  await choose('#rules', 'tictactoe')
  await click(1, 1)
  await page.route('**/api/hint', (route) => route.abort('connectionrefused'))
  await press('hint')
  assert.match(await message(), /^the server did not answer: /)
  await page.unroute('**/api/hint')
  await page.route('**/api/undo', (route) => route.fulfill({ status: 500, body: 'broken' }))
  await press('undo')
  assert.equal(await message(), 'the server answered 500 Internal Server Error')
  await page.unroute('**/api/undo')
  assert.equal(await marks(), 1, 'the board as it was')
  await press('undo')
  assert.equal(await message(), '')
  assert.equal(await marks(), 0)
})

test('by keyboard and screen reader: the focus stays, and every answer is said', async () => {
  await choose('#opponent', 'computer')
  await choose('#rules', 'tictactoe')
  await page.focus('#board button[data-row="1"][data-col="1"]')
  await answered(() => page.keyboard.press('Enter'))
  const focused = await page.evaluate(() => [document.activeElement.dataset.row, document.activeElement.dataset.col])
  assert.deepEqual(focused, ['1', '1'], 'the cell pressed keeps the focus on the new board')
  assert.equal(await page.getAttribute('#board button[data-row="1"][data-col="1"]', 'aria-label'), 'row 2, column 2: X')
  const said = await page.textContent('#said')
  assert.match(said, /^O played row \d, column \d\. X to move\.$/)
  const reply = said.match(/row (\d), column (\d)/).slice(1).map((n) => Number(n) - 1)
  assert.equal(await page.getAttribute(`#board button[data-row="${reply[0]}"][data-col="${reply[1]}"]`, 'aria-label'),
    `row ${reply[0] + 1}, column ${reply[1] + 1}: O, the last move`)
  await press('hint')
  const hinted = await page.$eval('#board button.hint', (cell) => [cell.dataset.row, cell.dataset.col, cell.getAttribute('aria-label')])
  assert.equal(hinted[2], `row ${Number(hinted[0]) + 1}, column ${Number(hinted[1]) + 1}: empty, the hint`)
  assert.equal(await page.textContent('#said'), `Hint: row ${Number(hinted[0]) + 1}, column ${Number(hinted[1]) + 1}.`)
  assert.equal(await page.getAttribute('#board', 'role'), 'group')
})

test('by arrow keys: the board is one tab stop, the arrows move the focus within it', async () => {
  await choose('#opponent', 'person')
  await choose('#rules', 'tictactoe')
  const focused = () => page.evaluate(() => {
    const cell = document.activeElement
    return cell.closest('#board') ? [Number(cell.dataset.row), Number(cell.dataset.col)] : cell.id
  })
  const stops = () => page.$$eval('#board button', (cells) => cells.filter((cell) => cell.tabIndex === 0).length)
  assert.equal(await stops(), 1)
  await page.focus('#hint')
  await page.keyboard.press('Tab')
  const first = await focused()
  assert.ok(Array.isArray(first), `Tab from the hint button lands on a cell, not ${first}`)
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  assert.deepEqual(await focused(), [0, 0], 'the arrows stop at the edge')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowDown')
  assert.deepEqual(await focused(), [1, 1])
  await page.keyboard.press('End')
  assert.deepEqual(await focused(), [1, 2])
  await page.keyboard.press('ArrowLeft')
  assert.deepEqual(await focused(), [1, 1])
  assert.equal(await stops(), 1, 'still one tab stop: the focused cell')
  await answered(() => page.keyboard.press('Enter'))
  assert.equal(await page.getAttribute('#board button[data-row="1"][data-col="1"]', 'aria-label'),
    'row 2, column 2: X, the last move')
  assert.deepEqual(await focused(), [1, 1], 'the played cell keeps the focus and the stop')
  await page.keyboard.press('Tab')
  assert.equal(typeof await focused(), 'string', 'Tab leaves the board at once')
  await page.keyboard.press('Shift+Tab')
  assert.deepEqual(await focused(), [1, 1], 'and Shift+Tab comes back to the same cell')
  // The arrows stop at every edge without an error; a key with a modifier is the browser's.
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  for (const key of ['End', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key)
  assert.deepEqual(await focused(), [2, 2])
  for (const key of ['Home', 'ArrowLeft', 'ArrowUp', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(key)
  assert.deepEqual(await focused(), [0, 0])
  assert.deepEqual(errors, [])
  const taken = await page.evaluate(() => {
    const cell = document.querySelector('#board button[data-row="0"][data-col="0"]')
    const event = new KeyboardEvent('keydown', { key: 'ArrowRight', altKey: true, bubbles: true, cancelable: true })
    cell.dispatchEvent(event)
    return event.defaultPrevented
  })
  assert.equal(taken, false, 'Alt+ArrowRight left to the browser')
  assert.deepEqual(await focused(), [0, 0])
  // A click moves the stop even when no new board follows (a refused click: the taken cell).
  await answered(() => page.click('#board button[data-row="1"][data-col="1"]'))
  assert.match(await message(), /taken/)
  await page.focus('#hint')
  await page.keyboard.press('Tab')
  assert.deepEqual(await focused(), [1, 1], 'Tab into the board lands on the cell clicked')
  // A smaller board while a cell far out has the focus: the focus goes to the nearest cell.
  await choose('#rules', 'gomoku')
  await page.focus('#board button[data-row="14"][data-col="14"]')
  await answered(() => page.selectOption('#rules', 'tictactoe'))
  assert.deepEqual(await focused(), [2, 2], 'the focus stays on the board, on its nearest cell')
  assert.equal(await stops(), 1)
})
