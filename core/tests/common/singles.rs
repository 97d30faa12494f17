//! Independent `Game`s beside a `Batch`, played move by move as the batch plays its games: the
//! model the batch is checked against (core/tests/batch.rs, and `make soak`).

use tictactoe_core::{Batch, Error, Game, Illegal, ListError, Player, Rules, Selection};

/// The single games beside the batch, and the winners of games lost by an illegal action.
pub struct Singles {
    pub games: Vec<Game>,
    pub forfeit: Vec<Option<Player>>,
}

impl Singles {
    pub fn new(count: usize, rules: Rules) -> Singles {
        Singles { games: vec![Game::new(rules).unwrap(); count], forfeit: vec![None; count] }
    }

    pub fn winner(&self, g: usize) -> u8 {
        self.forfeit[g].or(self.games[g].winner()).map_or(0, Player::number)
    }

    pub fn over(&self, g: usize) -> bool {
        let game = &self.games[g];
        self.winner(g) != 0 || game.marks() == game.rows() * game.cols()
    }

    /// The number of actions of a game: a cell each, or under gravity a column each.
    fn actions(&self) -> usize {
        let game = &self.games[0];
        if game.rules().gravity {
            game.cols()
        } else {
            game.rows() * game.cols()
        }
    }

    /// Plays `action` on `game` as the batch reads it: a cell, or under gravity a column.
    fn act(game: &mut Game, action: u32) -> Result<Option<Player>, Error> {
        let (action, cols) = (action as usize, game.cols());
        if game.rules().gravity {
            game.drop(action).map(|(_, winner)| winner)
        } else {
            game.play(action / cols, action % cols)
        }
    }

    /// What the batch must answer for `action` in game g: the single game's refusal, if any
    /// (a forfeited game refuses every move as over).
    pub fn refusal(&self, g: usize, action: u32) -> Option<Error> {
        let mut copy = self.games[g].clone();
        if let Some(winner) = self.forfeit[g] {
            if (action as usize) < self.actions() {
                return Some(Error::GameOver { winner });
            }
        }
        Singles::act(&mut copy, action).err()
    }

    /// Plays `action` in game g as the batch does with `illegal`; returns the winner after it.
    pub fn play(&mut self, g: usize, action: u32) -> u8 {
        let next = self.games[g].next_player();
        if self.refusal(g, action).is_some() {
            // A game already over keeps its result (a draw is not lost by a later action).
            if !self.over(g) {
                self.forfeit[g] = Some(next.opponent());
            }
        } else {
            Singles::act(&mut self.games[g], action).unwrap();
        }
        self.winner(g)
    }
}

/// Every query of the batch against the single games.
pub fn assert_same(batch: &Batch, singles: &Singles) {
    let (count, cells, cols) = (batch.count(), batch.rows() * batch.cols(), batch.cols());
    let (actions, gravity) = (batch.actions(), batch.rules().gravity);
    assert_eq!(actions, singles.actions());
    let mut bytes = vec![0u8; count];
    batch.winners(&mut bytes).unwrap();
    assert_eq!(bytes, (0..count).map(|g| singles.winner(g)).collect::<Vec<_>>());
    batch.next_players(&mut bytes).unwrap();
    let next: Vec<u8> = singles.games.iter().map(|g| g.next_player().number()).collect();
    assert_eq!(bytes, next);
    let mut flags = vec![false; count];
    batch.terminated(&mut flags).unwrap();
    assert_eq!(flags, (0..count).map(|g| singles.over(g)).collect::<Vec<_>>());
    let mut codes = vec![9u8; count * cells];
    batch.cells_into(&mut codes).unwrap();
    let expected: Vec<u8> = singles.games.iter().flat_map(|g| g.cells()).collect();
    assert_eq!(codes, expected);
    let mut mask = vec![false; count * actions];
    batch.legal_mask_into(&mut mask).unwrap();
    let mut planes = vec![false; count * 2 * cells];
    batch.observation_into(None, &mut planes).unwrap();
    for (g, game) in singles.games.iter().enumerate() {
        let legal: Vec<usize> = if singles.over(g) {
            Vec::new()
        } else {
            game.legal_moves().map(|(r, c)| if gravity { c } else { r * cols + c }).collect()
        };
        let mask = &mask[g * actions..(g + 1) * actions];
        assert_eq!(mask.iter().filter(|&&m| m).count(), legal.len());
        assert!(legal.iter().all(|&action| mask[action]));
        let mine = game.next_player().number();
        let (own, other) = planes[g * 2 * cells..(g + 1) * 2 * cells].split_at(cells);
        for (cell, code) in game.cells().enumerate() {
            assert_eq!((own[cell], other[cell]), (code == mine, code == 3 - mine));
        }
        let history: Vec<u32> = game.history().map(|m| (m.row * cols + m.col) as u32).collect();
        assert_eq!(batch.history(g).unwrap(), history.as_slice());
        assert_eq!(&batch.game(g).unwrap(), game);
    }
}

/// Steps `games` (all of them when `None`) with `actions`, on the batch and the singles alike.
pub fn step(
    batch: &mut Batch,
    singles: &mut Singles,
    games: Option<&[usize]>,
    actions: &[u32],
    illegal: Illegal,
) {
    let list: Vec<usize> = games.map_or_else(|| (0..batch.count()).collect(), <[usize]>::to_vec);
    let before = batch.clone();
    let mut winners = vec![9u8; list.len()];
    let result = match games {
        None => batch.step(Selection::All, actions, &mut winners, illegal),
        Some(games) => batch.step(Selection::Listed(games), actions, &mut winners, illegal),
    };
    let first_bad = list.iter().zip(actions).position(|(&g, &a)| singles.refusal(g, a).is_some());
    match (illegal, first_bad) {
        (Illegal::Refuse, Some(index)) => {
            let error = singles.refusal(list[index], actions[index]).unwrap();
            assert_eq!(result, Err(ListError { index: Some(index), error }));
            assert_eq!(*batch, before, "a refused step changed the batch");
        }
        _ => {
            assert_eq!(result, Ok(()));
            let expected: Vec<u8> =
                list.iter().zip(actions).map(|(&g, &a)| singles.play(g, a)).collect();
            assert_eq!(winners, expected);
        }
    }
}
