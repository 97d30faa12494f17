// The page's script: draws the board the server sends and sends it the person's clicks. It
// decides nothing: every move, refusal and reply is the engine's, on the server.

const $ = (selector) => document.querySelector(selector)
let game = null

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

async function ask(action, extra) {
  const response = await fetch(`/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(choices(extra)),
  })
  const answer = await response.json()
  if (answer.ok) {
    $('#message').textContent = ''
    game = answer
    draw(answer.hint)
  } else {
    $('#message').textContent = answer.error
  }
  // The number of answers shown, for the page's test to wait on.
  document.body.dataset.answers = Number(document.body.dataset.answers ?? 0) + 1
}

function draw(hint) {
  const board = $('#board')
  board.replaceChildren()
  board.classList.toggle('gravity', game.gravity)
  const cell = Math.max(16, Math.min(56, Math.floor(560 / Math.max(game.rows, game.cols))))
  board.style.setProperty('--cell', `${cell}px`)
  board.style.gridTemplateColumns = `repeat(${game.cols}, ${cell}px)`
  const winning = new Set(game.winning.map(([r, c]) => `${r},${c}`))
  for (let row = 0; row < game.rows; row += 1) {
    for (let col = 0; col < game.cols; col += 1) {
      const holder = game.cells[row * game.cols + col]
      const button = document.createElement('button')
      button.type = 'button'
      button.dataset.row = row
      button.dataset.col = col
      button.textContent = ['', 'X', 'O'][holder]
      button.setAttribute('aria-label', `row ${row}, column ${col}: ${['empty', 'X', 'O'][holder]}`)
      if (holder) button.classList.add(holder === 1 ? 'x' : 'o')
      if (winning.has(`${row},${col}`)) button.classList.add('win')
      if (game.last && game.last[0] === row && game.last[1] === col) button.classList.add('last')
      if (hint && hint[0] === row && hint[1] === col) button.classList.add('hint')
      board.append(button)
    }
  }
  $('#status').textContent = game.status
}

$('#board').addEventListener('click', (event) => {
  const button = event.target.closest('button')
  if (button && game) ask('click', { row: Number(button.dataset.row), col: Number(button.dataset.col) })
})
$('#new').addEventListener('click', () => ask('new'))
$('#undo').addEventListener('click', () => ask('undo'))
$('#hint').addEventListener('click', () => ask('hint'))
$('#rules').addEventListener('change', () => {
  $('#custom').hidden = $('#rules').value !== 'custom'
  ask('new')
})
$('#opponent').addEventListener('change', () => ask('new'))
$('#strength').addEventListener('input', () => {
  const value = Number($('#strength').value)
  $('#strength-value').textContent = value >= 20000 ? 'perfect' : String(value)
})
ask('new')
