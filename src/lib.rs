//! Xiangqi club tool: the domain modules (usable natively and in the browser) and a Leptos UI.
//!
//! [`xiangqi`] is the game and its rules, [`engine`] the computer player, [`clock`] the tournament
//! clock, [`events`] round robins, Swiss events, knockouts and match timetables. None of them
//! touches the web: they build and test natively. The `ui` module exists only for `wasm32` and is
//! a thin layer over them.
#![deny(missing_docs)]

pub mod clock;
pub mod color;
pub mod dates;
pub mod engine;
pub mod events;
pub mod explorer;
pub mod games;
pub mod lang;
pub mod query;
pub mod rng;
pub mod saved;
pub mod text;
pub mod train;
pub mod xiangqi;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;

#[cfg(target_arch = "wasm32")]
#[allow(missing_docs)]
pub mod ui;
