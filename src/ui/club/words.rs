//! The fixed words of the club, in both languages: the catalogue its views say them from.

use crate::lang::{Lang, Say, Text};
pub use crate::ui::words::{
    BLACK, BLACK_WINS, CANCEL, DATE, DRAW, KNOCKOUT, NAME, PRINT, RATING, RED, RED_WINS, RESULT,
    ROUND_ROBIN, SWISS,
};

// details.rs
pub const ORGANISER: Text = Text::new("主办单位", "Organiser");
// export.rs
pub const RESULTS_PAGE_AND_CERTIFICATES: Text =
    Text::new("成绩网页与证书…", "Results page and certificates…");
// mod.rs
pub const TIMETABLE: Text = Text::new("赛程", "Timetable");
pub const CLUB_MEMBERS: Text = Text::new("俱乐部会员", "Club members");
pub const SAVED_LIST_NOT_LOADED: Text = Text::new(
    "保存的会员名单未载入：",
    "The saved members list was not loaded: ",
);
pub const ADD_A_MEMBER: Text = Text::new("添加会员", "Add a member");
pub const ROMANISED: Text = Text::new("拼音", "Romanised");
pub const CLUB: Text = Text::new("单位", "Club");
pub const BORN: Text = Text::new("出生年份", "Born");
pub const SEX: Text = Text::new("性别", "Sex");
pub const M: Text = Text::new("男", "M");
pub const F: Text = Text::new("女", "F");
pub const FIDE_CXA_ID: Text = Text::new("FIDE/棋协编号", "FIDE/CXA id");
pub const ADD: Text = Text::new("添加", "Add");
pub const PASTE_OR_IMPORT_LIST: Text = Text::new("粘贴或导入名单", "Paste or import a list");
pub const ONE_NAME_A_LINE: Text = Text::new("每行一名，或从电子表格复制（第一行为表头：姓名、拼音、单位、出生年份、性别、等级分、编号）", "One name a line, or copied from a spreadsheet (first row the header: name, romanised, club, born, sex, rating, id)");
pub const PREVIEW: Text = Text::new("预览", "Preview");
pub const IMPORT_A_CSV_TSV: Text = Text::new(
    "导入 CSV/TSV 文件（UTF-8、GBK 或 UTF-16）",
    "Import a CSV/TSV file (UTF-8, GBK or UTF-16)",
);
pub const WHAT_EACH_COLUMN_HOLDS: Text = Text::new(
    "每列的内容（可更改）：",
    "What each column holds (change if wrong):",
);
pub const LINE: Text = Text::new("行", "Line");
pub const ACTION: Text = Text::new("处理", "Action");
pub const ADD_IN_SENTENCE: Text = Text::new("添加", "add");
pub const MEMBERS: Text = Text::new("会员名单", "Members");
pub const BORN_SHORT: Text = Text::new("出生", "Born");
pub const ID: Text = Text::new("编号", "Id");
pub const REMOVE: Text = Text::new("删除", "Remove");
pub const RATING_LIST: Text = Text::new("等级分排名", "Rating list");
pub const EXPORT_CSV: Text = Text::new("导出 CSV", "Export CSV");
pub const RANK: Text = Text::new("名次", "Rank");
pub const GAMES: Text = Text::new("局数", "Games");
pub const HISTORY: Text = Text::new("走势", "History");
pub const CHANGES: Text = Text::new("变化明细", "Changes");
pub const FIRST: Text = Text::new("首次", "first");
pub const EVENTS_RESULTS_PAGES_RATINGS: Text = Text::new(
    "赛事：成绩网页、等级分与证书",
    "Events: results pages, ratings and certificates",
);
pub const CERTIFICATES_DOWN_TO_PLACE: Text =
    Text::new("证书颁发至第几名", "Certificates down to place");
pub const RESULTS_PAGE_ADDRESS: Text = Text::new(
    "成绩网页地址（印二维码）",
    "Results page address (for the QR code)",
);
pub const REFRESH: Text = Text::new("刷新", "Refresh");
pub const EXPORT_RESULTS_PAGE: Text = Text::new("导出成绩网页", "Export results page");
pub const RATED: Text = Text::new("已计算", "Rated");
pub const RATE: Text = Text::new("计算等级分", "Rate");
pub const CERTIFICATES: Text = Text::new("证书", "Certificates");
// pick.rs
pub const ADD_FROM_MEMBERS: Text = Text::new("从会员名单添加", "Add from members");
pub const FILTER_BY_NAME: Text = Text::new("按姓名筛选", "Filter by name");
pub const ALL: Text = Text::new("全选", "All");
pub const ADD_CHOSEN: Text = Text::new("加入所选", "Add chosen");
// member_pick.rs
pub const TYPE_A_NAME: Text = Text::new("输入姓名或拼音", "Type a name or romanised name");
// record.rs
pub const UNFINISHED: Text = Text::new("未完", "Unfinished");
pub const RECORD_A_RATED_GAME: Text = Text::new("记录一局等级分对局", "Record a rated game");
pub const OPEN_A_PGN: Text = Text::new("打开棋谱 (PGN)", "Open a PGN");
pub const RECORD_AND_RATE: Text = Text::new("记录并计算", "Record and rate");
pub const RECORD_IT_AS_ANOTHER: Text = Text::new("确认再记录一局", "Record it as another game");
pub const OR_PASTE_A_PGN: Text = Text::new("或粘贴 PGN 棋谱", "or paste a PGN");

/// A message of the club page with what it counts or names.
pub enum Said<'a> {
    /// A rated game was recorded: this many members' ratings changed.
    GameRecorded(usize),
    /// Members were added from a pasted table.
    MembersAdded(usize),
    /// The button that adds the new rows of a pasted table.
    AddMembers(usize),
    /// A pasted row is a member already: the member.
    DuplicateOf(&'a str),
    /// How many rating changes a member has had.
    Changes(usize),
    /// An event was rated: its name, its games and the members whose ratings changed.
    EventRated {
        name: &'a str,
        games: usize,
        rated: usize,
    },
    /// The players of a game file who are not members.
    NotMembers(&'a [String]),
}

impl Say for Said<'_> {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Said::GameRecorded(n), Lang::Zh) => format!("对局已记录，{n} 名会员的等级分已更新"),
            (Said::GameRecorded(n), Lang::En) => {
                format!("Game recorded: {n} members' ratings updated")
            }
            (Said::MembersAdded(n), Lang::Zh) => format!("已添加 {n} 名会员"),
            (Said::MembersAdded(n), Lang::En) => format!("{n} members added"),
            (Said::AddMembers(n), Lang::Zh) => format!("添加 {n} 名会员"),
            (Said::AddMembers(n), Lang::En) => format!("Add {n} members"),
            (Said::DuplicateOf(d), Lang::Zh) => format!("重复：{d}"),
            (Said::DuplicateOf(d), Lang::En) => format!("duplicate of {d}"),
            (Said::Changes(n), Lang::Zh) => format!("{n} 次"),
            (Said::Changes(n), Lang::En) => format!("{n} changes"),
            (Said::EventRated { name, games, rated }, Lang::Zh) => {
                format!("“{name}”：{games} 局，{rated} 名会员的等级分已更新")
            }
            (Said::EventRated { name, games, rated }, Lang::En) => {
                format!("{name}: {games} games, {rated} members' ratings updated")
            }
            // The names are Chinese in both languages: listed with the Chinese comma.
            (Said::NotMembers(names), Lang::Zh) => {
                format!("棋谱中的棋手不是会员：{}", names.join("、"))
            }
            (Said::NotMembers(names), Lang::En) => format!("Not members: {}", names.join("、")),
        }
    }
}

/// Under the member picker's list: how many more members match than it shows (none: no match).
pub struct MoreMembers(pub usize);

impl Say for MoreMembers {
    fn say(&self, lang: Lang) -> String {
        match (self.0, lang) {
            (0, Lang::Zh) => "没有相符的会员".into(),
            (0, Lang::En) => "No member matches".into(),
            (n, Lang::Zh) => format!("另有 {n} 名相符：请继续输入"),
            (n, Lang::En) => format!("{n} more match: type more of the name"),
        }
    }
}

impl Say for super::record::Note {
    fn say(&self, lang: Lang) -> String {
        use super::record::Note;
        match self {
            Note::Recorded(n) => Said::GameRecorded(*n).say(lang),
            Note::Refused(e) => e.say(lang),
            Note::NotMembers(names) => Said::NotMembers(names).say(lang),
            Note::File(e) => e.say(lang),
            Note::Text(e) => e.say(lang),
        }
    }
}
