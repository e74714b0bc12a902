//! The timetable's figures, each in words beside its proven lower bound and what that bound means.

use super::use_store;
use super::words;
use crate::lang::Lang;
use crate::lang::Text;
use leptos::prelude::*;

/// The metrics table: name, value, lower bound, and the bound explained in words.
#[component]
pub(super) fn MetricsTable() -> impl IntoView {
    let store = use_store();
    move || {
        let (m, b) = store.metrics.get()?;
        let rows: [(&str, Text, usize, usize); 8] = [
            ("unplaced", words::MATCHES_NOT_PLACED, m.unplaced, 0),
            ("slots_used", words::SLOTS_USED, m.slots_used, b.slots_used),
            (
                "max_consecutive",
                words::LONGEST_RUN_OF_CONSECUTIVE,
                m.max_consecutive,
                b.max_consecutive,
            ),
            (
                "back_to_back",
                words::BACK_TO_BACKS_IN,
                m.back_to_back,
                b.back_to_back,
            ),
            (
                "max_back_to_back",
                words::MOST_BACK_TO_BACKS,
                m.max_back_to_back,
                b.max_back_to_back,
            ),
            (
                "session_spread",
                words::SPREAD_OF_ONE_ENTRANTS,
                m.session_spread,
                b.session_spread,
            ),
            (
                "idle_slots",
                words::IDLE_SLOTS_WAITING_INSIDE,
                m.idle_slots,
                b.idle_slots,
            ),
            (
                "table_excess",
                words::TIMES_ONE_TABLE_IS,
                m.table_excess,
                b.table_excess,
            ),
        ];
        let lang = store.lang.get();
        Some(view! {
            <table class="metrics no-print" data-testid="metrics">
                <caption>{words::LOWER_BOUND_PROVEN_BY.get(lang)}</caption>
                <thead><tr>
                    <th>{words::FIGURE.get(lang)}</th>
                    <th>{words::THIS_TIMETABLE.get(lang)}</th>
                    <th>{words::LOWER_BOUND.get(lang)}</th>
                    <th>{words::IN_WORDS.get(lang)}</th>
                </tr></thead>
                <tbody>
                    {rows
                        .into_iter()
                        .map(|(key, text, v, lb)| {
                            let at_bound = v <= lb;
                            view! {
                                <tr data-metric=key class:at-bound=at_bound>
                                    <td>{text.get(lang)}</td>
                                    <td class="value">{v}</td>
                                    <td class="bound">{lb}{if at_bound { " ✓" } else { "" }}</td>
                                    <td class="explain">
                                        <span class="meaning" data-testid="meaning">{meaning(lang, key, v)}</span>
                                        " "
                                        <span class="why">{explain(lang, text.get(lang), v, lb)}</span>
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

/// What a figure means for a player, in words.
fn meaning(lang: Lang, key: &str, v: usize) -> String {
    let zh = lang == Lang::Zh;
    match key {
        "unplaced" if zh => format!("{v} 场比赛还没有时间和球台。"),
        "unplaced" => format!("{v} matches still have no time or table."),
        "slots_used" if zh => format!("全部比赛在 {v} 个时段内打完。"),
        "slots_used" => format!("Every match is played within {v} time slots."),
        "max_consecutive" if zh => format!(
            "同一场次里，没有人连续打超过 {v} 场就休息；当裁判也算占用：打比赛加当裁判，连续也不超过 {v} 个时段。"
        ),
        "max_consecutive" => format!(
            "Within a session nobody plays more than {v} matches in a row before a rest; umpire duty counts as busy too: playing or umpiring, at most {v} slots in a row."
        ),
        "back_to_back" if zh => {
            format!("共有 {v} 次，有人打完一场紧接着再打一场，中间不休息。")
        }
        "back_to_back" => {
            format!("{v} times in all someone plays a match straight after another, with no rest.")
        }
        "max_back_to_back" if zh => format!("每人整个赛事中最多连打 {v} 次。"),
        "max_back_to_back" => {
            format!("Nobody plays straight after another match more than {v} times in the event.")
        }
        "session_spread" if zh => {
            format!("每人各场次的比赛数最多相差 {v} 场：每晚负担差不多。")
        }
        "session_spread" => format!(
            "One entrant's matches per session differ by at most {v}: each evening is about as busy."
        ),
        "idle_slots" if zh => format!(
            "在同一场次的两场比赛之间，参赛者在场空等、既不比赛也不能走的时段，全体合计 {v} 个。"
        ),
        "idle_slots" => format!(
            "Slots an entrant spends waiting at the venue between two of their matches in one session, neither playing nor free to leave: {v} in all."
        ),
        "table_excess" if zh => {
            format!("某人在同一张球台上打的场数，最多比平均多 {v} 场。")
        }
        _ => format!("One entrant plays on one table at most {v} more times than an even share."),
    }
}

/// "Longest run …: 2 · lower bound: no timetable can do better than 2 (reached)".
fn explain(lang: Lang, name: &str, v: usize, lb: usize) -> String {
    match (lang, v <= lb) {
        (Lang::Zh, true) => {
            format!("{name}：{v} · 下界：任何赛程都不可能少于 {lb}（已达到，最优）")
        }
        (Lang::Zh, false) => format!(
            "{name}：{v} · 下界：任何赛程都不可能少于 {lb}（本赛程多 {}）",
            v - lb
        ),
        (Lang::En, true) => format!(
            "{name}: {v} · lower bound: no timetable can do better than {lb} (reached, optimal)"
        ),
        (Lang::En, false) => format!(
            "{name}: {v} · lower bound: no timetable can do better than {lb} ({} above it)",
            v - lb
        ),
    }
}
