//! The club's messages and field names in words, in either language ([`Say`]): `Display` stays
//! the English text, `say(Lang::Zh)` is the Chinese the UI shows.

use super::{
    ClubError, Field, ImportError as ClubImportError, MAX_FIELD_CHARS, MAX_FILE_BYTES, MAX_MEMBERS,
    MAX_NAME_CHARS,
};
use crate::lang::{Lang, Say, Text};

impl Say for ClubImportError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => self.to_string(),
            (ClubImportError::TooLarge(n), Lang::Zh) => {
                format!("文件共 {n} 字节；会员文件最多 {MAX_FILE_BYTES} 字节")
            }
            (ClubImportError::Empty, Lang::Zh) => "文件中没有任何行".into(),
            (ClubImportError::NoNameColumn(h), Lang::Zh) => {
                format!("第一行没有姓名列（姓名、name）：{h}")
            }
            (ClubImportError::TooManyRows(n), Lang::Zh) => {
                format!("文件共 {n} 行；名单最多 {MAX_MEMBERS} 名会员")
            }
        }
    }
}

impl Field {
    /// The field's name in `lang`.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Field::Name => Text::new("姓名", "Name"),
            Field::Romanised => Text::new("拼音", "Romanised"),
            Field::Club => Text::new("单位", "Club"),
            Field::Birth => Text::new("出生年份", "Born"),
            Field::Sex => Text::new("性别", "Sex"),
            Field::Rating => Text::new("等级分", "Rating"),
            Field::Id => Text::new("FIDE/棋协编号", "FIDE/CXA id"),
        }
        .get(lang)
    }

    /// The field as a message names it: "the rating is out of range".
    pub fn named(self, lang: Lang) -> &'static str {
        match self {
            Field::Name => Text::new("姓名", "name"),
            Field::Romanised => Text::new("拼音姓名", "romanised name"),
            Field::Club => Text::new("单位", "club"),
            Field::Birth => Text::new("出生年份", "birth year"),
            Field::Sex => Text::new("性别", "sex"),
            Field::Rating => Text::new("等级分", "rating"),
            Field::Id => Text::new("编号", "id"),
        }
        .get(lang)
    }
}

impl Say for ClubError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            ClubError::EmptyName => "会员须有姓名".into(),
            ClubError::NameTooLong(n) => {
                format!("姓名共 {n} 个字符，太长（最多 {MAX_NAME_CHARS} 个）")
            }
            ClubError::FieldTooLong(which) => {
                format!("{}太长（最多 {MAX_FIELD_CHARS} 个字符）", which.named(lang))
            }
            ClubError::OutOfRange(which) => format!("{}超出范围", which.named(lang)),
            ClubError::Duplicate(name) => format!("{name} 已是会员"),
            ClubError::TooMany(n) => {
                format!("名单将有 {n} 人；最多保存 {MAX_MEMBERS} 名会员")
            }
            ClubError::NoSuchMember(id) => format!("没有编号为 {id} 的会员"),
            ClubError::Json(e) => format!("不是会员名单：{e}"),
            ClubError::Version(v) => format!("未知版本 {v} 的会员名单"),
            ClubError::SamePlayer => "等级分对局须为两名不同的会员".into(),
            ClubError::AlreadyRated(e) => format!("“{e}”已计算过等级分"),
            ClubError::NothingToRate => "该赛事没有会员之间已完成的对局".into(),
            ClubError::Unfinished => "未完成的对局不能计算等级分".into(),
            ClubError::AlreadyRecorded(a, b, date) => {
                format!("{a} 与 {b} 在 {date} 的对局已记录过；确认后才再记录一局")
            }
            ClubError::NotADate(d) if d.is_empty() => "等级分对局须填写日期（年-月-日）".into(),
            ClubError::NotADate(d) => {
                format!("“{d}”不是有效日期：请按 年-月-日 填写对局日期，如 2026-12-01")
            }
            ClubError::FutureDate(d) => format!("{d} 晚于今天：对局须在下完后记录"),
        }
    }
}
