//! Competitions: round robins by the 1999 rules (pairings, results, standings, files), Swiss events
//! by the FIDE Dutch system, knockout brackets, scorings, umpire duty and the match timetable on
//! limited tables and sessions. Needs nothing from the game but a colour.

pub mod club;
pub mod csv;
mod details;
mod entrant;
pub mod hall;
pub mod knockout;
pub mod publish;
pub mod rating;
pub mod round_robin;
pub mod schedule;
pub mod swiss;
pub mod trf;
pub mod umpire;

pub use details::{Details, MAX_DETAIL_CHARS};
pub use entrant::Entrant;

#[cfg(test)]
mod words_tests;
