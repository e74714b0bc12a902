//! One solve as a message exchange, for a Web Worker: a JSON request in, JSON progress reports out.
//!
//! Kept in the core (no web crate) so the protocol is tested natively; the worker binary only wires
//! it to `postMessage`. The clock comes in as a parameter.

use super::bounds::{Bounds, Fit};
use super::model::Problem;
use super::solver::Solver;
use super::timetable::{Metrics, Schedule};
use serde::{Deserialize, Serialize};

/// What the page asks the worker to solve.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolveRequest {
    /// The problem.
    pub problem: Problem,
    /// The seed.
    pub seed: u64,
}

/// One progress report from the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveReport {
    /// Share of the work done, 0..=1.
    pub fraction: f64,
    /// Iterations so far.
    pub iterations: u64,
    /// Every objective at its bound.
    pub optimal: bool,
    /// The last report of this solve.
    pub done: bool,
    /// Metrics of the best timetable.
    pub metrics: Metrics,
    /// Bounds beside them (idle bound given the back-to-backs reached).
    pub bounds: Bounds,
    /// The best timetable, when it changed since the last report that carried one (always on the last).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule: Option<Schedule>,
    /// Set instead of everything useful when the request was unusable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The worker's first message: its handler is installed, so the request can be sent.
pub const WORKER_READY: &str = "ready";

/// Milliseconds of solving between reports.
pub const REPORT_MS: f64 = 40.0;
/// Shortest gap between two reports that carry the timetable.
pub const TIMETABLE_MS: f64 = 250.0;

/// Runs the request to the end, posting a JSON [`SolveReport`] about every [`REPORT_MS`].
pub fn run_job(request: &str, post: &mut dyn FnMut(String), now_ms: &mut dyn FnMut() -> f64) {
    let fail = |post: &mut dyn FnMut(String), e: String| {
        let report = SolveReport {
            fraction: 1.0,
            iterations: 0,
            optimal: false,
            done: true,
            metrics: Metrics::default(),
            bounds: Bounds::default(),
            schedule: None,
            error: Some(e),
        };
        post(serde_json::to_string(&report).expect("plain data"));
    };
    let req: SolveRequest = match serde_json::from_str(request) {
        Ok(r) => r,
        Err(e) => return fail(post, format!("bad request: {e}")),
    };
    let mut solver = match Solver::new(&req.problem, req.seed) {
        Ok(s) => s,
        Err(e) => return fail(post, e.to_string()),
    };
    if !matches!(solver.fit(), Fit::Fits) {
        return fail(post, "does not fit".into());
    }
    let mut chunk: u64 = 2_000;
    let mut sent_at = f64::NEG_INFINITY;
    let mut sent_version = u64::MAX;
    loop {
        let t0 = now_ms();
        let progress = solver.step(chunk);
        let spent = (now_ms() - t0).max(0.1);
        chunk = ((chunk as f64 * REPORT_MS / spent) as u64).clamp(500, 1_000_000);
        let changed = solver.best_found_at() != sent_version;
        let due = now_ms() - sent_at >= TIMETABLE_MS;
        let schedule = (progress.done || (changed && due)).then(|| solver.best());
        let bounds = match &schedule {
            Some(s) => solver.bounds_for(s),
            None => solver.bounds().clone(),
        };
        if schedule.is_some() {
            sent_at = now_ms();
            sent_version = solver.best_found_at();
        }
        let report = SolveReport {
            fraction: progress.fraction,
            iterations: progress.iterations,
            optimal: progress.optimal,
            done: progress.done,
            metrics: progress.metrics,
            bounds,
            schedule,
            error: None,
        };
        post(serde_json::to_string(&report).expect("plain data"));
        if progress.done {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_until_done_and_ends_with_the_timetable() {
        let problem = Problem::round_robin(7, 3, 2, 60, 15, false);
        let request = serde_json::to_string(&SolveRequest {
            problem: problem.clone(),
            seed: 4,
        })
        .unwrap();
        let mut reports: Vec<SolveReport> = Vec::new();
        let mut clock = 0.0;
        run_job(
            &request,
            &mut |m| reports.push(serde_json::from_str(&m).unwrap()),
            &mut || {
                clock += 7.0;
                clock
            },
        );
        let last = reports.last().unwrap();
        assert!(last.done && last.error.is_none());
        assert_eq!(last.fraction, 1.0);
        let s = last.schedule.as_ref().unwrap();
        s.validate(&problem).unwrap();
        assert_eq!(s.metrics(&problem), last.metrics);
        assert!(reports.windows(2).all(|w| w[0].fraction <= w[1].fraction));
    }

    #[test]
    fn bad_requests_get_an_error_report() {
        let mut out = Vec::new();
        run_job("{}", &mut |m| out.push(m), &mut || 0.0);
        let r: SolveReport = serde_json::from_str(&out[0]).unwrap();
        assert!(r.done && r.error.unwrap().starts_with("bad request"));
        let p = Problem::round_robin(19, 7, 8, 90, 30, false);
        let req = serde_json::to_string(&SolveRequest {
            problem: p,
            seed: 1,
        })
        .unwrap();
        let mut out = Vec::new();
        run_job(&req, &mut |m| out.push(m), &mut || 0.0);
        let r: SolveReport = serde_json::from_str(&out[0]).unwrap();
        assert_eq!(r.error.as_deref(), Some("does not fit"));
    }
}
