//! The match scheduler: every required match on a table in a session slot, fairly and fast.
//!
//! A [`Problem`] (entrants, format, tables, sessions, match length, absences) is checked by [`fit`]
//! (objective 1 with the arithmetic and the smallest changes that fit), bounded by [`Bounds`], and
//! solved by a [`Solver`] that runs in slices (`step`) or in one call ([`solve`]).

mod bounds;
mod changes;
mod draft;
mod duty;
mod export;
mod fixtures;
mod group_games;
mod instance;
mod job;
mod model;
mod repair;
mod results;
mod scoring;
mod seats;
mod shown;
mod solver;
mod tables;
mod timetable;
mod words;

pub(crate) use bounds::Change;
pub use bounds::{
    fit, forced_back_to_backs, most_with_runs_of, Bounds, EntrantBound, Fit, Shortfall, Suggestion,
};
pub use changes::{
    better_of, lost_within, plan_withdrawal, reschedule, withdraw_after_session, ChangeChoices,
    ChangeError, Frozen, Target, RESCHEDULE_BUDGET,
};
pub use draft::{
    parse_absences, parse_entrants, Draft, DraftError, DraftEventError, DraftField, MAX_EVERY_DAYS,
};
pub use export::{
    standing_groups, to_csv, to_ics, verdicts, ExportError, SaveFile, SavedResult, SAVE_VERSION,
};
pub use fixtures::{
    berger_rounds, group_letter, knockout_rounds, side_name, snake_groups, Contender, Fixture,
    Phase,
};
pub use group_games::{enter_game, game_seat_holders, group_events, GameEntryError, SavedGame};
pub use job::{run_job, SolveReport, SolveRequest, REPORT_MS, TIMETABLE_MS, WORKER_READY};
pub use model::{
    Absence, ClosedTable, Format, Problem, ProblemError, Session, SlotInfo, MAX_ENTRANTS,
    MAX_SESSIONS, MAX_SESSION_MINUTES, MAX_SLOTS_PER_SESSION, MAX_TABLES, MIN_ENTRANTS,
};
pub use repair::{plan_move, plan_table_lost, shifts, Plan, Shift};
pub use results::{
    game_winner, standings, BestOf, GameScoreError, MatchOutcome, MatchScore, MatchVerdict,
    ParseScoreError, Points, ScoreError, Standing, Winner, GAME_POINTS,
};
pub use scoring::{
    board_order_from_key, board_order_key, EventError, EventScoring, MatchResult, ResultError,
    UnknownScoring, BOARD_ORDERS,
};
pub use seats::{seat_holders, side_label};
pub use shown::{
    cells_per_session, forfeit_by_withdrawal, matches_per_session, session_pages, Kept,
};
pub use solver::{solve, Progress, Solution, Solver, DEFAULT_BUDGET};
pub use timetable::{EntrantMatch, Gap, Metrics, Placement, Schedule, Violation};
