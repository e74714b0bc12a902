//! The events' messages, said by each module's `words.rs`: moved messages keep their words, and
//! the Chinese holds no English.

use super::club::{ClubError, Field};
use super::knockout::UnwritableName;
use super::publish::words::RoundHeading;
use super::publish::QrTooLong;
use super::round_robin::{
    BergerError, ImportError, LineupError, NumberingError, ParseOutcomeError, PositionsError,
    TournamentError,
};
use super::schedule::{
    ChangeError, DraftError, DraftField, ProblemError, ResultError, Shortfall, Violation,
};
use super::swiss::{SwissError, MAX_ENTRANTS};
use crate::lang::{Lang, Say};

#[test]
fn moved_messages_keep_their_words() {
    let both = |m: &dyn Say| [m.say(Lang::Zh), m.say(Lang::En)];
    assert_eq!(
        both(&ChangeError::AlreadyClosed {
            session: 0,
            table: 2
        }),
        [
            "第 1 场次的 3 号台已经停用",
            "table 3 is already out of use in session 1"
        ]
    );
    assert_eq!(
        both(&ChangeError::NoRoom(4)),
        [
            "第 5 场比赛找不到空位（须调动更多比赛）：请先把它移到新增的场次",
            "match 5 has no free place without moving more matches: move it to a new session first"
        ]
    );
    assert_eq!(
        both(&QrTooLong(3000)),
        [
            "地址共 3000 字节，太长，无法生成二维码",
            "an address of 3000 bytes is too long for a QR code"
        ]
    );
    assert_eq!(
        both(&Shortfall::Capacity {
            matches: 30,
            tables: 4,
            slots: 6,
            capacity: 24
        }),
        [
            "30 场比赛 > 4 台 × 6 个时段 = 24",
            "30 matches > 4 tables × 6 slots = 24"
        ]
    );
    assert_eq!(
        both(&UnwritableName("甲,乙".into())),
        [
            "“甲,乙”含有逗号、顿号或分号，无法写入小组名次表",
            "“甲,乙” holds a comma or semicolon, so it cannot be written in the group tables"
        ]
    );
    let board = ResultError::Board(2, ParseOutcomeError("x".into()));
    assert!(board
        .say(Lang::Zh)
        .starts_with("第 2 台：无法识别的结果“x”"));
    assert!(board
        .say(Lang::En)
        .starts_with("board 2: unknown result `x`"));
    assert_eq!(
        both(&PositionsError("a".into())),
        [
            "`a`：请用逗号分隔的序号，如 3,1,2",
            "`a`: use comma-separated numbers, e.g. 3,1,2"
        ]
    );
    assert_eq!(both(&RoundHeading(3)), ["第 3 轮", "Round 3"]);
}

/// Whether `text` contains a Latin letter (names and numbers aside, none should show in Chinese).
fn has_latin(text: &str) -> bool {
    text.chars().any(|c| c.is_ascii_alphabetic())
}

#[test]
fn chinese_messages_have_no_english() {
    let zh: Vec<String> = vec![
        TournamentError::AlreadyDrawn.say(Lang::Zh),
        TournamentError::Berger(BergerError::TooManyEntrants(501)).say(Lang::Zh),
        TournamentError::NotPaired {
            round: 2,
            red: 1,
            black: 4,
        }
        .say(Lang::Zh),
        TournamentError::Lineup {
            team: 2,
            error: LineupError::NotFixedOrder,
        }
        .say(Lang::Zh),
        TournamentError::PlayedAfterWithdrawal {
            entrant: 3,
            round: 4,
        }
        .say(Lang::Zh),
        ImportError::NotATournament.say(Lang::Zh),
        ProblemError::SessionTooShort {
            session: 0,
            minutes: 10,
            match_minutes: 30,
        }
        .say(Lang::Zh),
        DraftError::Number {
            field: DraftField::Tables,
            text: "二".into(),
        }
        .say(Lang::Zh),
        Violation::TableTwice { slot: 1, table: 0 }.say(Lang::Zh),
        ParseOutcomeError("2-0".into()).say(Lang::Zh),
    ];
    for text in zh {
        let without_notation = text.replace("late", "");
        assert!(!has_latin(&without_notation), "{text}");
    }
    assert_eq!(
        TournamentError::NotDrawn.say(Lang::En),
        TournamentError::NotDrawn.to_string()
    );
}

#[test]
fn a_bad_numbering_says_its_cause_in_each_language() {
    let both = |e: NumberingError| {
        let e = TournamentError::BadNumbering(e);
        [e.say(Lang::Zh), e.say(Lang::En)]
    };
    assert_eq!(
        both(NumberingError::Twice(3)),
        ["编号 3 重复了", "pairing numbers: 3 is given twice"]
    );
    assert_eq!(
        both(NumberingError::OutOfRange {
            number: 9,
            entrants: 6
        }),
        [
            "编号 9 不在 1 至参赛人数之内",
            "pairing numbers: 9 is not in 1..=6"
        ]
    );
    assert_eq!(
        both(NumberingError::Count {
            entrants: 6,
            given: 5
        }),
        [
            "有 6 名参赛者，编号个数应与之相同",
            "pairing numbers: 6 entrants but 5 numbers given"
        ]
    );
}

#[test]
fn a_swiss_over_its_cap_names_the_swiss_cap() {
    let e = SwissError::TooManyEntrants { entrants: 70 };
    assert!(e.say(Lang::Zh).contains(&format!("最多 {MAX_ENTRANTS} 名")));
    assert!(e
        .say(Lang::En)
        .ends_with(&format!("at most {MAX_ENTRANTS}")));
    assert_eq!(MAX_ENTRANTS, 64);
}

#[test]
fn a_field_is_named_in_each_language() {
    fn both(e: &dyn Say) -> [String; 2] {
        [e.say(Lang::Zh), e.say(Lang::En)]
    }
    let typed = |field| DraftError::Number {
        field,
        text: "x".into(),
    };
    assert_eq!(
        both(&typed(DraftField::EveryDays)),
        [
            "场次间隔天数：“x”不是整数",
            "days between sessions: `x` is not a whole number"
        ]
    );
    assert_eq!(both(&typed(DraftField::Boards))[0], "每场台数：“x”不是整数");
    assert_eq!(
        both(&ClubError::OutOfRange(Field::Rating)),
        ["等级分超出范围", "the rating is out of range"]
    );
    assert_eq!(
        both(&ClubError::FieldTooLong(Field::Id))[1],
        "the id is too long (at most 60 characters)"
    );
}
