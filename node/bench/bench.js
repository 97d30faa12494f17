// `npm run bench` (and `make node-bench`, in `make bench`): what a call through the package
// costs, each figure against a baseline measured the same way in the same run.
//
// 1. A move: `TicTacToe.move` on a 100 x 100 board against `CallFloor.move`, a native method
//    that does nothing, taking and returning the same, guarded as every call of the package is
//    (the call floor). Target: at most 1.5x.
// 2. A batch step of 4096 Connect Four games from Node against the same step from Rust
//    (bench/examples/batch_step.rs, given as `--rust <program>`): random legal actions drawn,
//    the step alone timed, games that end emptied. Target: within 1.2x.
//
// Prints a table, and with `--json <file>` writes the figures.

import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'

import * as native from '../native.js'
import { Batch, Rules, TicTacToe } from '../index.js'
import { guardClass } from '../lib/guard.js'

const argument = (name) => {
  const at = process.argv.indexOf(name)
  return at === -1 ? undefined : process.argv[at + 1]
}

const N = 100
const ROUNDS = 9

/** Median nanoseconds per call of `move` over the first 99 rows of an n = 100 board. */
function perMove(make) {
  const rounds = []
  for (let round = 0; round < ROUNDS; round += 1) {
    const game = make()
    const start = process.hrtime.bigint()
    // A checkerboard of marks completes no line in these rows: no game ends.
    for (let row = 0; row < N - 1; row += 1) {
      for (let col = 0; col < N; col += 1) game.move(row, col, 1 + ((row + col) & 1))
    }
    rounds.push(Number(process.hrtime.bigint() - start) / ((N - 1) * N))
  }
  return rounds.sort((a, b) => a - b)[ROUNDS >> 1]
}

const CallFloor = guardClass(native.CallFloor)
// Warm both up before timing (the JIT compiles the loops and the guard).
perMove(() => new CallFloor())
perMove(() => new TicTacToe(N))
const floor = perMove(() => new CallFloor())
const move = perMove(() => new TicTacToe(N))

/** Median nanoseconds per step of 4096 Connect Four games. */
function perStep() {
  const batch = Batch.fromRules(4096, Rules.CONNECT_FOUR, { seed: 0 })
  const actions = new Int32Array(4096)
  const winners = new Uint8Array(4096)
  const rounds = []
  for (let round = 0; round < 7; round += 1) {
    let stepping = 0n
    for (let step = 0; step < 500; step += 1) {
      batch.randomLegalActions(actions)
      const start = process.hrtime.bigint()
      batch.step(actions, winners)
      stepping += process.hrtime.bigint() - start
      batch.resetTerminated()
    }
    rounds.push(Number(stepping) / 500)
  }
  return rounds.sort((a, b) => a - b)[3]
}

const step = perStep()
const rustProgram = argument('--rust')
const rust = rustProgram ? Number(execFileSync(rustProgram, { encoding: 'utf8' }).trim()) : undefined

const rows = [
  ['TicTacToe.move, n = 100', `${move.toFixed(1)} ns`, `call floor ${floor.toFixed(1)} ns`, move / floor, 1.5],
]
if (rust !== undefined) {
  rows.push(['Batch.step, 4096 Connect Four games', `${(step / 1000).toFixed(1)} us`, `Rust ${(rust / 1000).toFixed(1)} us`, step / rust, 1.2])
} else {
  rows.push(['Batch.step, 4096 Connect Four games', `${(step / 1000).toFixed(1)} us`, '(no --rust program)', NaN, 1.2])
}
console.log('| what | Node | against | ratio | target |\n|---|---:|---|---:|---:|')
for (const [what, ours, against, ratio, target] of rows) {
  console.log(`| ${what} | ${ours} | ${against} | ${ratio.toFixed(2)}x | at most ${target}x |`)
}
const json = argument('--json')
if (json) writeFileSync(json, JSON.stringify({ move_ns: move, floor_ns: floor, step_ns: step, rust_step_ns: rust ?? null }, null, 2))
