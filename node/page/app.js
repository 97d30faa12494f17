// The page's script: draws the board the server sends and sends it the person's clicks. It
// decides nothing: every move, refusal and reply is the engine's, on the server.

const $ = (selector) => document.querySelector(selector)
let game = null
/** The number of the last request sent: an answer to an older one is not shown (a move's answer
 * arriving after a new game's would put the old board back). */
let latest = 0
/** Requests waiting for their answers: the board takes no move while one does, so that no
 * click plays from a position the answer is about to replace. */
let pending = 0

/** The cell that is the board's one stop in the page's tab order (a board of 1 600 cells is
 * one stop, not 1 600): the arrow keys move it and the focus, Home and End to the row's ends. */
let cursor = [0, 0]

/** The request's choices, with the game's text form. */
function choices(extra = {}) {
  return {
    rules: $('#rules').value,
    rows: Number($('#rows').value),
    cols: Number($('#cols').value),
    k: Number($('#k').value),
    exact: $('#exact').checked,
    gravity: $('#gravity').checked,
    opponent: $('#opponent').value,
    simulations: Number($('#strength').value),
    text: game?.text,
    ...extra,
  }
}

/** The server's answer to `action`, or a refusal saying why there is none. */
async function answerTo(action, extra) {
  try {
    const response = await fetch(`/api/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(choices(extra)),
    })
    if (!response.ok) return { ok: false, error: `the server answered ${response.status} ${response.statusText}` }
    return await response.json()
  } catch (error) {
    return { ok: false, error: `the server did not answer: ${error.message}` }
  }
}

async function ask(action, extra) {
  const mine = ++latest
  pending += 1
  $('#board').setAttribute('aria-busy', 'true')
  const answer = await answerTo(action, extra)
  pending -= 1
  if (pending === 0) $('#board').removeAttribute('aria-busy')
  if (mine === latest) {
    if (answer.ok) {
      $('#message').textContent = ''
      game = answer
      draw(answer.hint)
    } else {
      $('#message').textContent = answer.error
    }
  }
  // The number of answers come, for the page's test to wait on.
  document.body.dataset.answers = Number(document.body.dataset.answers ?? 0) + 1
}

/** A cell in words, counted from 1 as people count: under gravity the column first. */
function named(row, col) {
  return game.gravity ? `column ${col + 1}, row ${row + 1}` : `row ${row + 1}, column ${col + 1}`
}

function draw(hint) {
  const board = $('#board')
  const focused = board.contains(document.activeElement) ? document.activeElement.dataset : null
  board.replaceChildren()
  board.classList.toggle('gravity', game.gravity)
  const cell = Math.max(16, Math.min(56, Math.floor(560 / Math.max(game.rows, game.cols))))
  board.style.setProperty('--cell', `${cell}px`)
  board.style.gridTemplateColumns = `repeat(${game.cols}, ${cell}px)`
  const winning = new Set(game.winning.map(([r, c]) => `${r},${c}`))
  if (focused) cursor = [Number(focused.row), Number(focused.col)]
  cursor = [Math.min(cursor[0], game.rows - 1), Math.min(cursor[1], game.cols - 1)]
  for (let row = 0; row < game.rows; row += 1) {
    for (let col = 0; col < game.cols; col += 1) {
      const holder = game.cells[row * game.cols + col]
      const button = document.createElement('button')
      button.type = 'button'
      button.dataset.row = row
      button.dataset.col = col
      button.tabIndex = row === cursor[0] && col === cursor[1] ? 0 : -1
      button.textContent = ['', 'X', 'O'][holder]
      const notes = [['empty', 'X', 'O'][holder]]
      if (holder) button.classList.add(holder === 1 ? 'x' : 'o')
      if (winning.has(`${row},${col}`)) {
        button.classList.add('win')
        notes.push('in the winning run')
      }
      if (game.last && game.last[0] === row && game.last[1] === col) {
        button.classList.add('last')
        notes.push('the last move')
      }
      if (hint && hint[0] === row && hint[1] === col) {
        button.classList.add('hint')
        notes.push('the hint')
      }
      button.setAttribute('aria-label', `${named(row, col)}: ${notes.join(', ')}`)
      board.append(button)
    }
  }
  // The board is drawn anew: the cell that had the focus has it again (the nearest one on a
  // smaller board: the tab stop, clamped above).
  if (focused) board.querySelector(`button[data-row="${cursor[0]}"][data-col="${cursor[1]}"]`).focus()
  $('#status').textContent = game.status
  // Said once, whole, for a screen reader: the status alone may not change between answers.
  const last = game.last ? `${['', 'X', 'O'][game.last[2]]} played ${named(game.last[0], game.last[1])}. ` : ''
  $('#said').textContent = hint ? `Hint: ${named(hint[0], hint[1])}.` : `${last}${game.status}.`
}

$('#board').addEventListener('click', (event) => {
  const button = event.target.closest('button')
  if (button && game && pending === 0) ask('click', { row: Number(button.dataset.row), col: Number(button.dataset.col) })
})
/** The cell the focus moves to from (row, col) for a key, or null for a key the board leaves
 * to the browser. */
function moved(key, row, col) {
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }
  if (key in steps) {
    const [down, right] = steps[key]
    return [Math.max(0, Math.min(game.rows - 1, row + down)), Math.max(0, Math.min(game.cols - 1, col + right))]
  }
  if (key === 'Home') return [row, 0]
  if (key === 'End') return [row, game.cols - 1]
  return null
}

$('#board').addEventListener('keydown', (event) => {
  // Alt+ArrowLeft is the browser's Back, Ctrl+Home the page's top: keys with a modifier are
  // the browser's.
  if (event.altKey || event.ctrlKey || event.metaKey) return
  const button = event.target.closest('button')
  const to = button && game ? moved(event.key, Number(button.dataset.row), Number(button.dataset.col)) : null
  if (!to) return
  event.preventDefault()
  const next = $(`#board button[data-row="${to[0]}"][data-col="${to[1]}"]`)
  button.tabIndex = -1
  next.tabIndex = 0
  next.focus()
  cursor = to
})
// A cell focused by a click becomes the tab stop too.
$('#board').addEventListener('focusin', (event) => {
  const button = event.target.closest('button')
  if (!button || button.tabIndex === 0) return
  $('#board button[tabindex="0"]')?.setAttribute('tabindex', '-1')
  button.tabIndex = 0
  cursor = [Number(button.dataset.row), Number(button.dataset.col)]
})
$('#new').addEventListener('click', () => ask('new'))
$('#undo').addEventListener('click', () => { if (pending === 0) ask('undo') })
$('#hint').addEventListener('click', () => { if (pending === 0) ask('hint') })
$('#rules').addEventListener('change', () => {
  $('#custom').hidden = $('#rules').value !== 'custom'
  ask('new')
})
$('#opponent').addEventListener('change', () => ask('new'))
$('#strength').addEventListener('input', () => {
  const value = Number($('#strength').value)
  $('#strength-value').textContent = value >= 20000 ? 'perfect' : String(value)
})
// A browser may restore the form's values on a reload: the custom numbers shown with them.
$('#custom').hidden = $('#rules').value !== 'custom'
ask('new')
