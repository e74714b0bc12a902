//! The timetable's figures beside their proven lower bounds.

use super::use_store;
use crate::lang::Lang;
use leptos::prelude::*;

/// The metrics table.
#[component]
pub(super) fn MetricsTable() -> impl IntoView {
    let store = use_store();
    move || {
        let (m, b) = store.metrics.get()?;
        let rows: Vec<(&str, &str, &str, usize, usize)> = vec![
            (
                "unplaced",
                "未排入比赛",
                "Matches not placed",
                m.unplaced,
                0,
            ),
            (
                "slots_used",
                "使用时段",
                "Slots used",
                m.slots_used,
                b.slots_used,
            ),
            (
                "max_consecutive",
                "最长连打",
                "Longest run in a session",
                m.max_consecutive,
                b.max_consecutive,
            ),
            (
                "back_to_back",
                "背靠背总数",
                "Back-to-backs in all",
                m.back_to_back,
                b.back_to_back,
            ),
            (
                "max_back_to_back",
                "个人最多背靠背",
                "Most back-to-backs of one entrant",
                m.max_back_to_back,
                b.max_back_to_back,
            ),
            (
                "session_spread",
                "各场次场数差",
                "Spread over sessions",
                m.session_spread,
                b.session_spread,
            ),
            (
                "idle_slots",
                "场内等候时段",
                "Idle slots inside sessions",
                m.idle_slots,
                b.idle_slots,
            ),
            (
                "table_excess",
                "球台使用超额",
                "Table use beyond even",
                m.table_excess,
                b.table_excess,
            ),
        ];
        let lang = store.lang.get();
        Some(view! {
            <table class="metrics no-print" data-testid="metrics">
                <thead><tr>
                    <th>{store.t("指标", "Metric")}</th>
                    <th>{store.t("结果", "Value")}</th>
                    <th>{store.t("下界", "Lower bound")}</th>
                </tr></thead>
                <tbody>
                    {rows
                        .into_iter()
                        .map(|(key, zh, en, v, lb)| view! {
                            <tr data-metric=key class:at-bound=v <= lb>
                                <td>{if lang == Lang::En { en } else { zh }}</td>
                                <td class="value">{v}</td>
                                <td class="bound">{lb}{if v <= lb { " ✓" } else { "" }}</td>
                            </tr>
                        })
                        .collect_view()}
                </tbody>
            </table>
        })
    }
}
