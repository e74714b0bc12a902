//! Xiangqi club tool: a pure rules core (usable natively and in the browser) and a Leptos UI.
//!
//! The [`core`] module never touches the web: it builds and tests natively. The `ui` module exists
//! only for `wasm32` and is a thin layer over the core.
#![deny(missing_docs)]

pub mod core;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;

#[cfg(target_arch = "wasm32")]
#[allow(missing_docs)]
pub mod ui;
