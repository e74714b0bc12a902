//! The match scheduler: see issue 8.
