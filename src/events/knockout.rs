//! Knockout
