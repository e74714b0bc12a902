//! The timetable's figures, each in words beside its proven lower bound and what that bound means.

use super::use_store;
use super::words::{self, Bound, Meaning, Metric};
use crate::lang::Say;
use leptos::prelude::*;

/// The metrics table: name, value, lower bound, and the bound explained in words.
#[component]
pub(super) fn MetricsTable() -> impl IntoView {
    let store = use_store();
    move || {
        let (m, b) = store.metrics.get()?;
        let rows: [(&str, Metric, usize, usize); 8] = [
            ("unplaced", Metric::Unplaced, m.unplaced, 0),
            ("slots_used", Metric::SlotsUsed, m.slots_used, b.slots_used),
            (
                "max_consecutive",
                Metric::MaxConsecutive,
                m.max_consecutive,
                b.max_consecutive,
            ),
            (
                "back_to_back",
                Metric::BackToBack,
                m.back_to_back,
                b.back_to_back,
            ),
            (
                "max_back_to_back",
                Metric::MaxBackToBack,
                m.max_back_to_back,
                b.max_back_to_back,
            ),
            (
                "session_spread",
                Metric::SessionSpread,
                m.session_spread,
                b.session_spread,
            ),
            ("idle_slots", Metric::IdleSlots, m.idle_slots, b.idle_slots),
            (
                "table_excess",
                Metric::TableExcess,
                m.table_excess,
                b.table_excess,
            ),
        ];
        let lang = store.lang.get();
        Some(view! {
            <table class="metrics no-print" data-testid="metrics">
                <caption>{words::LOWER_BOUND_EXPLAINED.get(lang)}</caption>
                <thead><tr>
                    <th>{words::FIGURE.get(lang)}</th>
                    <th>{words::THIS_TIMETABLE.get(lang)}</th>
                    <th>{words::LOWER_BOUND.get(lang)}</th>
                    <th>{words::IN_WORDS.get(lang)}</th>
                </tr></thead>
                <tbody>
                    {rows
                        .into_iter()
                        .map(|(key, metric, v, lb)| {
                            let at_bound = v <= lb;
                            view! {
                                <tr data-metric=key class:at-bound=at_bound>
                                    <td>{metric.name().get(lang)}</td>
                                    <td class="value">{v}</td>
                                    <td class="bound">{lb}{if at_bound { " ✓" } else { "" }}</td>
                                    <td class="explain">
                                        <span class="meaning" data-testid="meaning">{Meaning { metric, value: v }.say(lang)}</span>
                                        " "
                                        <span class="why">{Bound { metric, value: v, bound: lb }.say(lang)}</span>
                                    </td>
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        })
    }
}
