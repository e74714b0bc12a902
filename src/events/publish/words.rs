//! The published results page's and the certificates' words, and their messages, in either
//! language ([`Say`]).

use super::QrTooLong;
use crate::lang::{Lang, Say, Text};

/// A round's heading on the published results page: 第 3 轮 / Round 3.
pub struct RoundHeading(pub usize);

impl Say for RoundHeading {
    fn say(&self, lang: Lang) -> String {
        let round = self.0;
        match lang {
            Lang::Zh => format!("第 {round} 轮"),
            Lang::En => format!("Round {round}"),
        }
    }
}

impl Say for QrTooLong {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!("地址共 {} 字节，太长，无法生成二维码", self.0),
        }
    }
}

/// The published results page's fixed words: headings, column heads, the QR code's caption.
pub(crate) mod page {
    use crate::lang::Text;

    pub const SCAN_FOR_RESULTS: Text = Text::new("扫码查看成绩", "Scan for the results");
    pub const BYE: Text = Text::new("轮空", "bye");
    pub const BOARD: Text = Text::new("台", "Board");
    pub const RESULT: Text = Text::new("结果", "Result");
    pub const PLACE: Text = Text::new("名次", "Place");
    pub const NAME: Text = Text::new("姓名", "Name");
    pub const WON: Text = Text::new("胜", "W");
    pub const DRAWN: Text = Text::new("和", "D");
    pub const LOST: Text = Text::new("负", "L");
    pub const STANDINGS: Text = Text::new("名次表", "Standings");
    pub const SCORE: Text = Text::new("积分", "Score");
    pub const CROSSTABLE: Text = Text::new("交叉表", "Crosstable");
    pub const POINTS: Text = Text::new("积分", "Points");
    pub const MATCH: Text = Text::new("场", "Match");
    pub const UPPER: Text = Text::new("上签", "Upper");
    pub const LOWER: Text = Text::new("下签", "Lower");
    pub const WINNER: Text = Text::new("胜者", "Winner");
    pub const CHAMPION: Text = Text::new("冠军", "Champion");
    pub const TIMETABLE_AND_RESULTS: Text = Text::new("赛程与成绩", "Timetable and results");
}

/// A certificate's title, printed in both languages.
pub(crate) const CERTIFICATE: Text = Text::new("荣誉证书", "Certificate of Achievement");

/// A certificate's line of the place won in the event (`event` already escaped for the page):
/// `在「春季赛」中荣获第二名` / `2nd place in 春季赛`.
pub(crate) struct Placed<'a> {
    /// 1 for the winner.
    pub place: usize,
    /// The event's name.
    pub event: &'a str,
}

impl Say for Placed<'_> {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!("在「{}」中荣获{}", self.event, chinese_place(self.place)),
            Lang::En => format!("{} in {}", english_place(self.place), self.event),
        }
    }
}

fn chinese_place(place: usize) -> String {
    const DIGITS: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    let s = match place {
        0..=9 => DIGITS[place].to_string(),
        10 => "十".into(),
        11..=19 => format!("十{}", DIGITS[place % 10]),
        20..=99 => format!(
            "{}十{}",
            DIGITS[place / 10],
            if place.is_multiple_of(10) {
                ""
            } else {
                DIGITS[place % 10]
            }
        ),
        _ => place.to_string(),
    };
    format!("第{s}名")
}

fn english_place(place: usize) -> String {
    let suffix = match (place % 10, place % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{place}{suffix} place")
}
