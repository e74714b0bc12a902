//! The knockout bracket: made from a list (as listed, by rating or by lot), from the Swiss
//! standings, or from final group tables as the scheduler's crossover; winners clicked in;
//! printed on A4 or A3. (Reading `#/schedule`'s saved timetable here would pull the whole
//! scheduler into this page's bundle: that page computes its finished group tables and hands
//! them over under [`GROUPS_HANDOFF_KEY`], taken here once.)

use super::words;
use super::{use_store, Paper, PrintPart, SavedKo, Store};
use crate::events::knockout::{
    list_bracket, Bracket, Elimination, GroupTables, ListSeeding, Named, Section, Seeding, Slot,
    GROUPS_HANDOFF_KEY,
};
use crate::events::round_robin::Side;
use crate::events::swiss::parse_entrants;
use crate::lang::Say;
use crate::lang::Text;
use crate::ui::i18n::{tr, use_lang};
use crate::ui::storage;
use crate::ui::words::SaidBefore;
use leptos::prelude::*;

/// How a pasted list may be seeded, with its key and words (a lot's seed is typed beside).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ListOrder {
    Listed,
    Rating,
    Lot,
}

impl ListOrder {
    const ALL: [(ListOrder, &'static str, Text); 3] = [
        (ListOrder::Listed, "listed", words::AS_LISTED),
        (ListOrder::Rating, "rating", words::BY_RATING),
        (ListOrder::Lot, "lot", words::BY_LOT),
    ];

    /// The seeding, with the lot's seed as typed (1 when it is not a number).
    fn seeding(self, lot: &str) -> ListSeeding {
        match self {
            ListOrder::Listed => ListSeeding::Listed,
            ListOrder::Rating => ListSeeding::Rating,
            ListOrder::Lot => ListSeeding::Lot(lot.trim().parse().unwrap_or(1)),
        }
    }
}

/// What the knockout form holds.
#[derive(Clone, Copy)]
struct Form {
    names: RwSignal<String>,
    tables: RwSignal<String>,
    double: RwSignal<bool>,
    third: RwSignal<bool>,
    order: RwSignal<ListOrder>,
    lot: RwSignal<String>,
    /// The bracket was made from group tables handed over by `#/schedule`.
    handed: RwSignal<bool>,
}

impl Form {
    fn kind(self) -> Elimination {
        if self.double.get() {
            Elimination::Double
        } else {
            Elimination::Single {
                third_place: self.third.get(),
            }
        }
    }
}

/// Group tables handed over by `#/schedule`: shown in the crossover box and made a bracket.
fn take_handoff(store: Store, form: Form) {
    let Some(text) = storage::get(GROUPS_HANDOFF_KEY) else {
        return;
    };
    storage::remove(GROUPS_HANDOFF_KEY);
    form.tables.set(text.clone());
    match GroupTables::parse(&text)
        .and_then(|t| t.crossover_bracket(Elimination::Single { third_place: true }))
    {
        Ok((names, bracket)) => {
            store
                .ko
                .set(Some(SavedKo::new(names, bracket, Default::default())));
            form.handed.set(true);
        }
        Err(e) => store.note.set(Some(SaidBefore::of(&e))),
    }
}

/// A new bracket shown, or why it could not be made.
fn made(store: Store, form: Form, made: Result<Named, SaidBefore>) {
    match made {
        Ok((names, bracket)) => {
            // A new bracket for the same event keeps its date and organiser.
            store.ko.update(|old| {
                let details = old.take().map(|o| o.details).unwrap_or_default();
                *old = Some(SavedKo::new(names, bracket, details));
            });
            store.note.set(None);
            form.handed.set(false);
        }
        Err(e) => store.note.set(Some(e)),
    }
}

/// The knockout section.
#[component]
pub(super) fn KnockoutSection() -> impl IntoView {
    let store = use_store();
    let form = Form {
        names: RwSignal::new(String::new()),
        tables: RwSignal::new(String::new()),
        double: RwSignal::new(false),
        third: RwSignal::new(true),
        order: RwSignal::new(ListOrder::Listed),
        lot: RwSignal::new("1".to_string()),
        handed: RwSignal::new(false),
    };
    take_handoff(store, form);
    if form.handed.get_untracked() {
        // Once mounted, the bracket comes into view (below a Swiss event, when there is one).
        Effect::new(|| {
            if let Ok(Some(el)) = document().query_selector("[data-testid=bracket]") {
                el.scroll_into_view();
            }
        });
    }
    view! {
        <section class="t-section ko" class:no-print=store.hidden_in_print(PrintPart::Bracket)>
            <h2>{tr(words::KNOCKOUT)}</h2>
            <Show when=move || form.handed.get()>
                <p class="t-note no-print" data-testid="ko-handoff">{tr(words::THIS_BRACKET_WAS_MADE)}</p>
            </Show>
            {create_view(store, form)}
            {move || store.ko.with(Option::is_some).then(|| view! { <KnockoutDetails /> })}
            <BracketView />
        </section>
    }
}

/// The form that makes a bracket: from a list, from the Swiss standings, or from group tables.
fn create_view(store: Store, form: Form) -> impl IntoView {
    let Form {
        names,
        tables,
        double,
        third,
        order,
        lot,
        ..
    } = form;
    let from_list = move |_| {
        let seeding = order.get().seeding(&lot.get());
        let bracket = parse_entrants(&names.get(), None, &[])
            .map_err(|e| SaidBefore::of(&e))
            .and_then(|es| list_bracket(es, seeding, form.kind()).map_err(|e| SaidBefore::of(&e)));
        made(store, form, bracket);
    };
    let from_swiss = move |_| {
        let Some((names, order)) = store
            .saved
            .with(|s| s.as_ref().map(|s| s.event.by_standing()))
        else {
            return;
        };
        let bracket = Bracket::new(names.len(), form.kind(), &Seeding::Order(order))
            .map(|bracket| (names, bracket))
            .map_err(|e| SaidBefore::of(&e));
        made(store, form, bracket);
    };
    let from_pasted_tables = move |_| {
        let bracket = GroupTables::parse(&tables.get())
            .and_then(|t| t.crossover_bracket(form.kind()))
            .map_err(|e| SaidBefore::of(&e));
        made(store, form, bracket);
    };
    view! {
        <div class="t-create no-print" data-testid="ko-create">
            <fieldset>
                <label><input type="radio" name="ko-kind" prop:checked=move || !double.get() on:change=move |_| double.set(false) /> {tr(words::SINGLE_ELIMINATION)}</label>
                <label><input type="radio" name="ko-kind" data-testid="ko-double" prop:checked=move || double.get() on:change=move |_| double.set(true) /> {tr(words::DOUBLE_ELIMINATION)}</label>
                <label><input type="checkbox" prop:checked=move || third.get() on:change=move |ev| third.set(event_target_checked(&ev)) /> {tr(words::THIRD_PLACE_MATCH)}</label>
            </fieldset>
            <label class="t-paste">{tr(words::ENTRANTS_ONE_PER_LINE)}
                <textarea rows="4" data-testid="ko-entrants" prop:value=move || names.get() on:input=move |ev| names.set(event_target_value(&ev))></textarea>
            </label>
            <super::super::club::FromMembers list=names with_rating=true />
            <label>{tr(words::SEEDING)} " "
                <select data-testid="ko-seeding" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(o) = ListOrder::ALL.iter().find(|o| o.1 == v) { order.set(o.0); }
                }>
                    {ListOrder::ALL.into_iter().map(|(s, value, text)| view! {
                        <option value=value prop:selected=move || order.get() == s>{tr(text)}</option>
                    }).collect_view()}
                </select>
                " " {tr(words::LOT_SEED)} " "
                <input class="t-small" prop:value=move || lot.get() on:input=move |ev| lot.set(event_target_value(&ev)) />
            </label>
            <div class="t-draw">
                <button data-testid="ko-make" on:click=from_list>{tr(words::MAKE_BRACKET)}</button>
                <button data-testid="ko-from-swiss" prop:disabled=move || store.saved.with(|s| s.is_none()) on:click=from_swiss>{tr(words::FROM_THE_SWISS_STANDINGS)}</button>
            </div>
            <label class="t-paste">{tr(words::GROUP_TABLES_ONE_GROUP)}
                <textarea rows="4" data-testid="ko-groups" prop:value=move || tables.get() on:input=move |ev| tables.set(event_target_value(&ev))></textarea>
            </label>
            <div class="t-draw">
                <button data-testid="ko-crossover" on:click=from_pasted_tables>{tr(words::CROSSOVER_FROM_THE_GROUPS)}</button>
                <label>{tr(words::PAPER)} " "
                    <select data-testid="ko-paper" on:change=move |ev| {
                        store.paper.set(if event_target_value(&ev) == "A3" { Paper::A3 } else { Paper::A4 });
                    }>
                        <option value="A4" prop:selected=move || store.paper.get() == Paper::A4>"A4"</option>
                        <option value="A3" prop:selected=move || store.paper.get() == Paper::A3>"A3"</option>
                    </select>
                </label>
            </div>
        </div>
    }
}

/// The knockout's date and organiser, kept with its bracket.
#[component]
fn KnockoutDetails() -> impl IntoView {
    let store = use_store();
    let details = Signal::derive(move || {
        store
            .ko
            .with(|k| k.as_ref().map(|k| k.details.clone()).unwrap_or_default())
    });
    let save = Callback::new(move |d| {
        store.ko.update(|k| {
            if let Some(k) = k {
                k.details = d;
            }
        })
    });
    view! { <div class="no-print" data-testid="ko-details"><super::super::club::DetailsForm details on_change=save /></div> }
}

/// The bracket: one column per round (section), each match a box with its two sides.
#[component]
fn BracketView() -> impl IntoView {
    let store = use_store();
    let lang = use_lang();
    let win = move |i: usize, side: Side| {
        store.ko.update(|k| {
            if let Some(k) = k {
                if let Err(e) = k.bracket.record(i, side) {
                    store.note.set(Some(SaidBefore::of(&e)));
                }
            }
        })
    };
    move || {
        let k = store.ko.get()?;
        let l = lang.get();
        let name = |slot: Slot| match slot {
            Slot::Entrant(i) => k.names[i].clone(),
            Slot::Bye => words::BYE_SUFFIX.get(l).to_string(),
            Slot::Pending => "—".to_string(),
        };
        // Columns: each section in order of first appearance; the replay only once needed.
        let mut columns: Vec<(Section, Vec<usize>)> = Vec::new();
        for (i, m) in k.bracket.matches.iter().enumerate() {
            if m.section == Section::GrandFinalReset && !k.bracket.is_live(i) && m.winner.is_none()
            {
                continue;
            }
            match columns.iter_mut().find(|c| c.0 == m.section) {
                Some(c) => c.1.push(i),
                None => columns.push((m.section, vec![i])),
            }
        }
        let champion = k.bracket.champion().map(|c| k.names[c].clone());
        let cols = columns.into_iter().map(|(section, ms)| {
            let boxes = ms.into_iter().map(|i| {
                let (a, b) = k.bracket.sides(i);
                let w = k.bracket.matches[i].winner;
                let live = k.bracket.is_live(i);
                view! {
                    <div class="ko-match" data-match=i + 1 class:ko-done=w.is_some()>
                        <span class="ko-no">{i + 1}</span>
                        <div class="ko-side" class:ko-win={w == Some(Side::First)}>
                            <span data-testid="side-a">{name(a)}</span>
                            <button class="no-print" data-testid="win-a" prop:disabled=!live on:click=move |_| win(i, Side::First)>"✓"</button>
                        </div>
                        <div class="ko-side" class:ko-win={w == Some(Side::Second)}>
                            <span data-testid="side-b">{name(b)}</span>
                            <button class="no-print" data-testid="win-b" prop:disabled=!live on:click=move |_| win(i, Side::Second)>"✓"</button>
                        </div>
                    </div>
                }
            }).collect_view();
            view! { <div class="ko-column"><h3>{section.say(l)}</h3>{boxes}</div> }
        }).collect_view();
        Some(view! {
            <div class="ko-bracket" data-testid="bracket">{cols}</div>
            <p class="ko-champion" data-testid="champion">{champion.map(|c| words::Said::Champion(&c).say(l))}</p>
        })
    }
}
