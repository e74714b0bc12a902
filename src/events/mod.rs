//! Competitions: round robins by the 1999 rules (pairings, results, standings, files) and the match
//! timetable on limited tables and sessions. Needs nothing from the game but a colour.

pub mod round_robin;
pub mod say;
pub mod schedule;
pub mod scoring;
