//! Round-robin pairings, results and standings: see issue 7.
