//! The game clock (article 6): see issue 5.
