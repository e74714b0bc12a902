//! The two languages of the interface, and the one way a domain value is put into words.
//!
//! Every user-visible text of the domain (errors, verdicts, names) implements [`Say`]; the UI
//! asks for the current [`Lang`] and never assembles a sentence itself. A fixed text is a named
//! [`Text`] in a word file (`words.rs`, `say.rs`, or this file for a side's name).

use crate::color::Color;
use std::fmt;

/// The interface language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// 中文 (default).
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// Picks the text for this language from a pair.
    pub const fn pick<'a>(self, zh: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }

    /// The code the language preference is saved as: `zh` or `en`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    /// The language saved as `code` (see [`Lang::code`]).
    pub fn from_code(code: &str) -> Option<Lang> {
        [Lang::Zh, Lang::En].into_iter().find(|l| l.code() == code)
    }

    /// The other language: what the language switch turns to.
    pub const fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }

    /// The language's name written in itself ("中文", "English"): how the switch offers it.
    pub const fn own_name(self) -> &'static str {
        match self {
            Lang::Zh => "中文",
            Lang::En => "English",
        }
    }

    /// The BCP 47 tag for the document: `zh-CN` or `en`.
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        }
    }
}

/// A fixed text in both languages, named in a word file (`words.rs`) and shown with [`Text::get`].
///
/// ```
/// use xiangqi_club::lang::{Lang, Text};
/// const UNDO: Text = Text::new("悔棋", "Undo");
/// assert_eq!(UNDO.get(Lang::En), "Undo");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Text {
    zh: &'static str,
    en: &'static str,
}

impl Text {
    /// A text from its Chinese and its English.
    pub const fn new(zh: &'static str, en: &'static str) -> Text {
        Text { zh, en }
    }

    /// The text in `lang`.
    pub const fn get(self, lang: Lang) -> &'static str {
        lang.pick(self.zh, self.en)
    }
}

impl Say for Text {
    fn say(&self, lang: Lang) -> String {
        self.get(lang).to_string()
    }
}

/// A value that can put itself into words for users, in either language.
///
/// ```
/// use xiangqi_club::lang::{Lang, Say};
/// use xiangqi_club::color::Color;
/// assert_eq!(Color::Red.say(Lang::Zh), "红方");
/// assert_eq!(Color::Black.say(Lang::En), "Black");
/// ```
pub trait Say {
    /// The text in `lang`: one sentence or name, never a mix of both languages.
    fn say(&self, lang: Lang) -> String;
}

impl<T: Say + ?Sized> Say for &T {
    fn say(&self, lang: Lang) -> String {
        (**self).say(lang)
    }
}

/// Shows any [`Say`] value in one language through `Display` (for `format!` and CLI output).
pub struct In<'a, T: ?Sized>(pub &'a T, pub Lang);

impl<T: Say + ?Sized> fmt::Display for In<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.say(self.1))
    }
}

/// `n` and an English noun in its number: "1 match", "3 matches" (Chinese has no plural).
pub fn english_count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// English text with its first letter upper-case, as a sentence on its own (the domains' `Say`
/// turns their lower-case `Display` texts into sentences with it).
pub fn sentence(text: String) -> String {
    let mut c = text.chars();
    match c.next() {
        // ASCII only: the English texts need no more, and Unicode's case tables would cost the
        // browser build kilobytes.
        Some(first) => std::iter::once(first.to_ascii_uppercase())
            .chain(c)
            .collect(),
        None => text,
    }
}

/// A side's name, in words shown to users and in English messages (`Red has no king`).
impl Color {
    /// 红方 / Red, 黑方 / Black.
    pub const fn name(self) -> Text {
        match self {
            Color::Red => Text::new("红方", "Red"),
            Color::Black => Text::new("黑方", "Black"),
        }
    }

    /// The side's Chinese name, 红方 or 黑方.
    pub const fn chinese(self) -> &'static str {
        self.name().get(Lang::Zh)
    }

    /// `"Red"` or `"Black"`.
    pub const fn english(self) -> &'static str {
        self.name().get(Lang::En)
    }
}

/// A side's name: [`Color::name`].
impl Say for Color {
    fn say(&self, lang: Lang) -> String {
        self.name().get(lang).to_string()
    }
}
