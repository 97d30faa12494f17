//! The stable names of result codes, statuses and line kinds (`"out_of_bounds"`, `"won"`,
//! `"anti_diagonal"`, ...), as static NUL-terminated text for C. The names are the core's
//! (`ErrorKind::name`, `Status::name`, `Line::kind_name`, `ParseError::SYNTAX_NAME`) and the
//! computer player's (`SearchError::BUDGET_EXCEEDED_NAME`, ...), copied
//! with a NUL at compile time; only the codes that exist in the C ABI alone are named here.

use core::ffi::{c_char, CStr};

use tictactoe_core::{ErrorKind, Line, ParseError, Player, Status};
use tictactoe_search::{PuctError, SearchError};

use crate::{tictactoe_line_kind, tictactoe_result, tictactoe_status};

/// Room for the longest name and its NUL.
const SLOT: usize = 24;

/// `name` followed by NUL bytes; refuses to compile for a name that does not fit.
const fn c_text(name: &str) -> [u8; SLOT] {
    let bytes = name.as_bytes();
    assert!(bytes.len() < SLOT, "a name is longer than its slot");
    let mut out = [0; SLOT];
    let mut i = 0;
    while i < bytes.len() {
        out[i] = bytes[i];
        i += 1;
    }
    out
}

/// The names of the core's error kinds, in `ErrorKind::ALL` order.
static KIND_NAMES: [[u8; SLOT]; ErrorKind::ALL.len()] = {
    let mut names = [[0; SLOT]; ErrorKind::ALL.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = c_text(ErrorKind::ALL[i].name());
        i += 1;
    }
    names
};

static PARSE_ERROR_NAME: [u8; SLOT] = c_text(ParseError::SYNTAX_NAME);
static BUDGET_EXCEEDED_NAME: [u8; SLOT] = c_text(SearchError::BUDGET_EXCEEDED_NAME);
static UNSUPPORTED_SIZE_NAME: [u8; SLOT] = c_text(SearchError::UNSUPPORTED_SIZE_NAME);
static UNSUPPORTED_RULES_NAME: [u8; SLOT] = c_text(SearchError::UNSUPPORTED_RULES_NAME);
static EVALUATOR_FAILED_NAME: [u8; SLOT] = c_text(PuctError::<()>::EVALUATOR_FAILED_NAME);
static BAD_EVALUATION_NAME: [u8; SLOT] = c_text(PuctError::<()>::BAD_EVALUATION_NAME);

/// Status names by `tictactoe_status` value (the player of `Won` does not change its name).
static STATUS_NAMES: [[u8; SLOT]; 3] = [
    c_text(Status::InProgress.name()),
    c_text(Status::Won(Player::X).name()),
    c_text(Status::Draw.name()),
];

/// Line kind names by `tictactoe_line_kind` value (the index does not change the name).
static LINE_KIND_NAMES: [[u8; SLOT]; 4] = [
    c_text(Line::Row(0).kind_name()),
    c_text(Line::Column(0).kind_name()),
    c_text(Line::Diagonal.kind_name()),
    c_text(Line::AntiDiagonal.kind_name()),
];

fn text(slot: &'static [u8; SLOT]) -> *const c_char {
    CStr::from_bytes_until_nul(slot).map_or(c"".as_ptr(), CStr::as_ptr)
}

/// The stable name of a result code, e.g. `"out_of_bounds"` for `TICTACTOE_RESULT_OUT_OF_BOUNDS`
/// (the code's name in lower case): the names the shared test vectors and the Python face's
/// exceptions (`.kind`) use. Static NUL-terminated text, never freed; NULL for an integer that is
/// not a result code. Safe from any thread.
#[no_mangle]
pub extern "C" fn tictactoe_result_name(result: u32) -> *const c_char {
    let Some(code) = tictactoe_result::from_u32(result) else {
        return core::ptr::null();
    };
    match code {
        tictactoe_result::Ok => c"ok".as_ptr(),
        tictactoe_result::NullParameter => c"null_parameter".as_ptr(),
        tictactoe_result::ParseError => text(&PARSE_ERROR_NAME),
        tictactoe_result::BufferTooSmall => c"buffer_too_small".as_ptr(),
        tictactoe_result::Panic => c"panic".as_ptr(),
        tictactoe_result::InvalidArgument => c"invalid_argument".as_ptr(),
        tictactoe_result::BudgetExceeded => text(&BUDGET_EXCEEDED_NAME),
        tictactoe_result::UnsupportedSize => text(&UNSUPPORTED_SIZE_NAME),
        tictactoe_result::UnsupportedRules => text(&UNSUPPORTED_RULES_NAME),
        tictactoe_result::EvaluatorFailed => text(&EVALUATOR_FAILED_NAME),
        tictactoe_result::BadEvaluation => text(&BAD_EVALUATION_NAME),
        tictactoe_result::Busy => c"busy".as_ptr(),
        tictactoe_result::InvalidSize
        | tictactoe_result::AllocFailed
        | tictactoe_result::OutOfBounds
        | tictactoe_result::InvalidPlayer
        | tictactoe_result::Occupied
        | tictactoe_result::GameOver
        | tictactoe_result::NothingToUndo
        | tictactoe_result::InvalidPosition
        | tictactoe_result::InvalidCount
        | tictactoe_result::LengthMismatch
        | tictactoe_result::GameIndex
        | tictactoe_result::RepeatedGame
        | tictactoe_result::LimitExceeded
        | tictactoe_result::InvalidRules
        | tictactoe_result::Floating
        | tictactoe_result::ColumnFull => ErrorKind::ALL
            .iter()
            .position(|&kind| tictactoe_result::from(kind) == code)
            .map_or(core::ptr::null(), |i| text(&KIND_NAMES[i])),
    }
}

/// The stable name of a status: `"in_progress"`, `"won"` or `"draw"`. Static text, never freed;
/// NULL for an integer that is not a `tictactoe_status`. Safe from any thread.
#[no_mangle]
pub extern "C" fn tictactoe_status_name(status: u32) -> *const c_char {
    [tictactoe_status::InProgress, tictactoe_status::Won, tictactoe_status::Draw]
        .into_iter()
        .position(|known| known as u32 == status)
        .map_or(core::ptr::null(), |i| text(&STATUS_NAMES[i]))
}

/// The stable name of a line kind: `"row"`, `"column"`, `"diagonal"` or `"anti_diagonal"`.
/// Static text, never freed; NULL for an integer that is not a `tictactoe_line_kind`. Safe from
/// any thread.
#[no_mangle]
pub extern "C" fn tictactoe_line_kind_name(kind: u32) -> *const c_char {
    [
        tictactoe_line_kind::Row,
        tictactoe_line_kind::Column,
        tictactoe_line_kind::Diagonal,
        tictactoe_line_kind::AntiDiagonal,
    ]
    .into_iter()
    .position(|known| known as u32 == kind)
    .map_or(core::ptr::null(), |i| text(&LINE_KIND_NAMES[i]))
}
