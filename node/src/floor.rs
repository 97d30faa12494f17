//! The call floor of `make bench`: a native method that does nothing, taking and returning
//! what `TicTacToe.move` does, so that the cost of a move through the package can be set
//! against the cost of the call alone, measured the same way in the same run.

use napi_derive::napi;

/// A class whose `move` does nothing: the floor of a native call (see `bench/bench.js`).
#[napi]
pub struct CallFloor {
    calls: u32,
}

#[napi]
impl CallFloor {
    /// A floor.
    #[napi(constructor)]
    pub fn new() -> CallFloor {
        CallFloor { calls: 0 }
    }

    /// Takes three numbers and returns 0, counting the call so that it is not optimised away.
    #[napi(js_name = "move")]
    pub fn make_move(&mut self, row: f64, col: f64, player: f64) -> u32 {
        self.calls = self.calls.wrapping_add(1);
        u32::from(row < 0.0 || col < 0.0 || player < 0.0)
    }
}

impl Default for CallFloor {
    fn default() -> CallFloor {
        CallFloor::new()
    }
}
