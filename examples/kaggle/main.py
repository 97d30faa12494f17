"""A Kaggle ConnectX submission: this file and, beside it, the `tictactoe` package with its
compiled engine, as `make kaggle-submission` packs them into build/kaggle/submission.tar.gz
(Kaggle's servers have no tictactoe to import). Kaggle unpacks a submission into
/kaggle_simulations/agent and plays the last function the file defines."""

import os
import sys
from typing import Any

# Where Kaggle unpacks the submission; run from elsewhere (Kaggle's harness on this machine),
# the folder of this file, when it is known.
sys.path.insert(0, "/kaggle_simulations/agent")
if "__file__" in globals():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from tictactoe.connectx import my_agent as _play


def my_agent(observation: Any, configuration: Any) -> int:
    """The column to play: the engine's computer player under Kaggle's rules."""
    return _play(observation, configuration)
