// A plain-JavaScript model of the family for the tests: a full grid, every run counted by
// walking the board on every question. It shares nothing with the engine (as
// tests/python/model.py does not), so the two agree only by both being right.

export class Refused extends Error {
  constructor(kind) {
    super(kind)
    this.kind = kind
  }
}

export class Model {
  constructor({ rows, cols, k, exact = false, gravity = false }) {
    Object.assign(this, { rows, cols, k, exact, gravity })
    this.grid = Array.from({ length: rows }, () => new Array(cols).fill(0))
    this.history = []
    this.winner = 0
  }

  count(player) {
    return this.grid.flat().filter((holder) => holder === player).length
  }

  get nextPlayer() {
    return this.count(1) <= this.count(2) ? 1 : 2
  }

  get status() {
    if (this.winner) return 'won'
    return this.grid.flat().every((holder) => holder !== 0) ? 'draw' : 'in_progress'
  }

  /** Whether the mark at (row, col) makes a winning run in some direction. */
  wins(row, col) {
    const player = this.grid[row][col]
    for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
      let length = 1
      for (const sign of [1, -1]) {
        let [r, c] = [row + sign * dr, col + sign * dc]
        while (r >= 0 && r < this.rows && c >= 0 && c < this.cols && this.grid[r][c] === player) {
          length += 1
          r += sign * dr
          c += sign * dc
        }
      }
      if (this.exact ? length === this.k : length >= this.k) return true
    }
    return false
  }

  move(row, col, player) {
    if (row < 0 || row >= this.rows || col < 0 || col >= this.cols) throw new Refused('out_of_bounds')
    if (player !== 1 && player !== 2) throw new Refused('invalid_player')
    if (this.winner) throw new Refused('game_over')
    if (this.grid[row][col] !== 0) throw new Refused('occupied')
    if (this.gravity && row + 1 < this.rows && this.grid[row + 1][col] === 0) throw new Refused('floating')
    this.grid[row][col] = player
    this.history.push([row, col, player])
    if (this.wins(row, col)) this.winner = player
    return this.winner
  }

  play(row, col) {
    return this.move(row, col, this.nextPlayer)
  }

  drop(col) {
    if (col < 0 || col >= this.cols) throw new Refused('out_of_bounds')
    if (this.winner) throw new Refused('game_over')
    let row = this.rows - 1
    while (row >= 0 && this.grid[row][col] !== 0) row -= 1
    if (row < 0) throw new Refused('column_full')
    return this.play(row, col)
  }

  undo() {
    const last = this.history.pop()
    if (last === undefined) throw new Refused('nothing_to_undo')
    this.grid[last[0]][last[1]] = 0
    this.winner = 0
    return last
  }

  board() {
    return this.grid.map((row) => row.map((holder) => '.XO'[holder]).join('')).join('\n')
  }
}
