//! The game's words for users: every error, verdict and name of this module put into Chinese or
//! English through [`Say`] (one language per sentence). English repeats the `Display` text, which
//! the CLI prints; Chinese is written here, as a player or arbiter would say it.

use super::fen::{FenError, ParseFenError, PositionError};
use super::game::{GameError, GameResult, OfferOutcome, Reason, RecordError, Verdict};
use super::notation::archive::ArchiveError;
use super::notation::decode::DecodeWarning;
use super::notation::dhtmlxq::{DhtmlXqError, DhtmlXqErrorKind};
use super::notation::pgn::{PgnError, PgnErrorKind, PgnNotice, PgnTreeError};
use super::notation::typed::TypedError;
use super::notation::xqf::{point_name, XqfError, XqfErrorKind, XqfMoveCause, XqfPart};
use super::notation::{NotationError, ParseNotationError};
use super::opening::{Answer, Family, Opening};
use super::position::PlayError;
use super::rules::limits::{MoveLimitError, DEFAULT_MOVE_LIMIT};
use super::rules::{Chased, IdleKind, MoveKind};
use super::session::{
    EnterError, LostTree, MovesAfterEnd, NotShown, OpenNotice, RestoreError, TreeLost,
};
use super::share::LinkError;
use super::tree::TreeError;
use super::{Color, Move, ParseMoveError, ParseSquareError, Piece, Role};
use crate::lang::{sentence, Lang, Say, Text};
use crate::text::TextEncoding;

/// A role's name in Chinese, by the side's own glyph (帅/将, 相/象, 兵/卒 …).
fn role_zh(color: Color, role: Role) -> char {
    Piece::new(color, role).chinese()
}

impl Say for PlayError {
    /// A reason, shown after the move (`horse leg blocked`), so not a capitalised sentence.
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            PlayError::NoPiece(s) => format!("{s} 没有棋子"),
            PlayError::NotYourTurn(s) => format!("{s} 的棋子不是走棋方的"),
            PlayError::OwnPiece(s) => format!("{s} 是己方棋子"),
            PlayError::NotAMoveOf(r) => format!("{}不能这样走", role_zh(Color::Red, *r)),
            PlayError::LeavesPalace => "不能走出九宫".into(),
            PlayError::CrossesRiver => "相（象）不能过河".into(),
            PlayError::ElephantEyeBlocked => "塞象眼".into(),
            PlayError::HorseLegBlocked => "蹩马腿".into(),
            PlayError::PathBlocked => "中间有子阻挡".into(),
            PlayError::CannonNeedsScreen => "炮吃子须隔一子（炮架）".into(),
            PlayError::PawnDirection => "兵（卒）只能向前，过河后才能横走".into(),
            PlayError::KingsWouldFace => "将帅不能照面".into(),
            PlayError::KingInCheck => "正被将军，这步棋不能解将".into(),
            PlayError::ExposesKing => "这步棋会让己方将（帅）被吃（送将）".into(),
            PlayError::GameOver => "对局已结束".into(),
        }
    }
}

impl Say for ParseFenError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return sentence(self.to_string());
        }
        match self {
            ParseFenError::Empty => "FEN 是空的：没有棋盘".into(),
            ParseFenError::WrongRankCount { found } => {
                format!("棋盘有 {found} 行；象棋棋盘应有 10 行（以“/”分隔）")
            }
            ParseFenError::WrongFileCount { rank, found } => {
                format!("第 {rank} 行占 {found} 路；每行应为 9 路")
            }
            ParseFenError::UnknownPiece { found, rank } => format!(
                "第 {rank} 行有不认识的字母“{found}”（应为 k a b n r c p 的大写或小写，或数字）"
            ),
            ParseFenError::MissingTurn => "缺少走棋方：请在棋盘后写 w（红方）或 b（黑方）".into(),
            ParseFenError::BadTurn { found } => {
                format!("走棋方写作“{found}”；应为 w（红方）或 b（黑方）")
            }
            ParseFenError::BadCounter { which, found } => {
                let which = if *which == "halfmove" {
                    "半回合"
                } else {
                    "回合"
                };
                format!("{which}计数“{found}”不是整数")
            }
            ParseFenError::CounterTooLarge { which, found } => {
                let which = if *which == "halfmove" {
                    "半回合"
                } else {
                    "回合"
                };
                format!("{which}计数 {found} 超过上限 {}", super::fen::MAX_COUNTER)
            }
            ParseFenError::TooManyFields { found } => {
                format!("FEN 有 {found} 段；最多 6 段")
            }
        }
    }
}

impl Say for PositionError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return sentence(self.to_string());
        }
        let side = |c: &Color| c.say(Lang::Zh);
        match self {
            PositionError::MissingKing(c) => {
                format!("{}没有{}", side(c), role_zh(*c, Role::King))
            }
            PositionError::TooManyKings(c) => {
                format!("{}有不止一个{}", side(c), role_zh(*c, Role::King))
            }
            PositionError::TooMany { color, role, count } => format!(
                "{}有 {count} 个{}，最多只能有 {} 个",
                side(color),
                role_zh(*color, *role),
                role.max_count()
            ),
            PositionError::KingOutsidePalace(c, sq) => {
                format!("{}的{}在 {sq}，出了九宫", side(c), role_zh(*c, Role::King))
            }
            PositionError::AdvisorOffPoint(c, sq) => format!(
                "{}的{}在 {sq}，这是士（仕）走不到的点",
                side(c),
                role_zh(*c, Role::Advisor)
            ),
            PositionError::ElephantOffPoint(c, sq) => format!(
                "{}的{}在 {sq}，这是象（相）走不到的点",
                side(c),
                role_zh(*c, Role::Elephant)
            ),
            PositionError::PawnOffPoint(c, sq) => format!(
                "{}的{}在 {sq}，在起始位置之后或未过河却不在本路",
                side(c),
                role_zh(*c, Role::Pawn)
            ),
            PositionError::KingsFacing { file } => format!(
                "将帅在 {} 路照面，中间无子（第4.1.2条）",
                (b'a' + file) as char
            ),
            PositionError::OpponentInCheck(c) => format!(
                "轮到{}走棋，却可以直接吃掉对方的{}",
                side(c),
                role_zh(c.other(), Role::King)
            ),
        }
    }
}

impl Say for FenError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (FenError::Parse(e), Lang::Zh) => format!("FEN 格式有误：{}", e.say(lang)),
            (FenError::Parse(e), Lang::En) => format!("Invalid FEN: {}", e.say(lang)),
            (FenError::Position(e), Lang::Zh) => format!("局面不合规则：{}", e.say(lang)),
            (FenError::Position(e), Lang::En) => format!("Illegal position: {}", e.say(lang)),
        }
    }
}

impl Say for LinkError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (LinkError::Fen(e), _) => e.say(lang),
            (LinkError::BadMove { ply, text }, Lang::Zh) => {
                format!("第 {ply} 着“{text}”不是 ICCS 着法（如 h2e2）")
            }
            (LinkError::BadMove { ply, text }, Lang::En) => {
                format!("Move {ply} “{text}” is not an ICCS move such as h2e2")
            }
            (LinkError::IllegalMove { ply, mv, reason }, Lang::Zh) => {
                format!("第 {ply} 着 {mv} 不合规则：{}", reason.say(lang))
            }
            (LinkError::IllegalMove { ply, mv, reason }, Lang::En) => {
                format!("Move {ply} {mv} is illegal: {}", reason.say(lang))
            }
        }
    }
}

impl Say for GameError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return sentence(self.to_string());
        }
        match self {
            GameError::GameOver => "对局已结束".into(),
            GameError::NoMoveYet => "只能在己方走完一着后提和（第23.1条）".into(),
            GameError::OfferPending => "已有提和等待答复，不能重复或收回（第23.1条）".into(),
            GameError::NoOffer => "没有需要答复的提和".into(),
        }
    }
}

impl Say for RecordError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (RecordError::Fen(e), _) => e.say(lang),
            (RecordError::Notation(m), Lang::Zh) => format!("“{m}”不是 ICCS 着法（如 h2e2）"),
            (RecordError::Illegal { ply, mv, error }, Lang::Zh) => {
                format!("第 {ply} 着 {mv} 不合规则：{}", error.say(lang))
            }
            (RecordError::GameEvent(ply), Lang::Zh) => format!("第 {ply} 着处的记录超出了着法"),
            (_, Lang::En) => sentence(self.to_string()),
        }
    }
}

impl Say for RestoreError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (RestoreError::Json(e), Lang::Zh) => format!("保存的对局无法读取：{e}"),
            (RestoreError::Version(v), Lang::Zh) => format!("保存的对局格式版本 {v} 无法识别"),
            (RestoreError::Tree(e), Lang::Zh) => format!("保存的对局的变着无法读取：{e}"),
            (RestoreError::Record(e), Lang::Zh) => {
                format!("保存的对局无法重放：{}", e.say(lang))
            }
            (RestoreError::Record(e), Lang::En) => {
                format!("The saved game does not replay: {}", e.say(lang))
            }
            (_, Lang::En) => sentence(self.to_string()),
        }
    }
}

impl Say for OpenNotice {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (OpenNotice::Corrupt(e), Lang::Zh) => {
                format!("保存的对局已损坏，已另存备查：{}", e.say(lang))
            }
            (OpenNotice::Corrupt(e), Lang::En) => format!(
                "The saved game was corrupt and has been set aside: {}",
                e.say(lang)
            ),
            (OpenNotice::LinkRefused(e), Lang::Zh) => {
                format!("链接中的局面无效，未打开：{}", e.say(lang))
            }
            (OpenNotice::LinkRefused(e), Lang::En) => {
                format!(
                    "The link's position is invalid and was not opened: {}",
                    e.say(lang)
                )
            }
            (OpenNotice::LinkCut { kept, error }, Lang::Zh) => {
                format!(
                    "链接中的着法有误，只载入了前 {kept} 着。{}",
                    error.say(lang)
                )
            }
            (OpenNotice::LinkCut { kept, error }, Lang::En) => format!(
                "The link's moves stop early: only the first {kept} were opened. {}",
                error.say(lang)
            ),
        }
    }
}

impl Say for TreeLost {
    fn say(&self, lang: Lang) -> String {
        let TreeLost { key, kept, why } = self;
        match lang {
            Lang::Zh => format!(
                "保存的对局的变着与注释（另存于 {key}）{}：只显示了正在下的 {kept} 着，其余无法恢复。",
                why.say(lang)
            ),
            Lang::En => format!(
                "The saved game's variations and comments (saved apart as {key}) {}: only the {kept} moves of the line being played are shown; the rest cannot be restored.",
                why.say(lang)
            ),
        }
    }
}

impl Say for LostTree {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (LostTree::Missing, Lang::Zh) => "已不在浏览器存储中".to_string(),
            (LostTree::Missing, Lang::En) => "are no longer in the browser's storage".to_string(),
            (LostTree::NotThisTree, Lang::Zh) => "已被另一份数据替换（已另存备查）".to_string(),
            (LostTree::NotThisTree, Lang::En) => {
                "were replaced by other data (set aside)".to_string()
            }
            (LostTree::Damaged(_), Lang::Zh) => "已损坏（已另存备查）".to_string(),
            (LostTree::Damaged(_), Lang::En) => "are damaged (set aside)".to_string(),
        }
    }
}

impl Say for EnterError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (EnterError::Illegal(e), _) => e.say(lang),
            (EnterError::WouldCut { later }, Lang::Zh) => {
                format!("从这里走棋：另开变着，或删除后面的 {later} 步？")
            }
            (EnterError::WouldCut { later }, Lang::En) => {
                format!("Playing here: start a variation, or remove the {later} later moves?")
            }
        }
    }
}

impl Say for MoveLimitError {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!(
                "限着须为 {}–{} 回合的整数",
                MoveLimitError::MIN,
                MoveLimitError::MAX
            ),
            Lang::En => sentence(self.to_string()),
        }
    }
}

impl Say for NotationError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (NotationError::Syntax { text, .. }, Lang::Zh) => format!("“{text}”不是着法"),
            (NotationError::NoSuchPiece { text }, Lang::Zh) => {
                format!("“{text}”：没有符合的棋子")
            }
            (NotationError::Ambiguous { text, .. }, Lang::Zh) => {
                format!("“{text}”不止一种走法，请写明前后")
            }
            (NotationError::Illegal { text, reason }, Lang::Zh) => {
                format!("“{text}”不合规则：{}", reason.say(lang))
            }
            (_, Lang::En) => sentence(self.to_string()),
        }
    }
}

impl Say for GameResult {
    fn say(&self, lang: Lang) -> String {
        let (zh, en) = match self {
            GameResult::RedWins => ("红方胜", "Red wins"),
            GameResult::BlackWins => ("黑方胜", "Black wins"),
            GameResult::Draw => ("和棋", "Draw"),
        };
        lang.pick(zh, en).to_string()
    }
}

impl Say for Reason {
    fn say(&self, lang: Lang) -> String {
        let (zh, en) = match self {
            Reason::Checkmate => ("将死", "Checkmate"),
            Reason::Stalemate => ("困毙", "Stalemate"),
            Reason::Resign => ("认输", "Resignation"),
            Reason::Agreement => ("同意作和", "Draw agreed"),
            Reason::MoveLimit => ("自然限着", "Move limit"),
            Reason::Repetition => ("不变作和", "Repetition"),
            Reason::PerpetualCheck => ("长将", "Perpetual check"),
            Reason::PerpetualChase => ("长打", "Perpetual attack"),
            Reason::InsufficientMaterial => ("双方无子力取胜", "Insufficient material"),
            Reason::Timeout => ("超时", "Lost on time"),
            Reason::Fouls => ("三次犯规", "Three fouls"),
        };
        lang.pick(zh, en).to_string()
    }
}

/// The one line a finished game is announced by: `将死 · 红方胜（第4.1.1条）`,
/// `Checkmate · Red wins (rule 4.1.1)`.
pub struct Headline<'a>(pub &'a Verdict);

impl Say for Headline<'_> {
    fn say(&self, lang: Lang) -> String {
        let v = self.0;
        let reason = match v.reason {
            Reason::PerpetualChase => {
                let (zh, en) = v.side.map_or(("长打", "Perpetual attack"), |c| {
                    let name = v.attack_name(c);
                    (name.get(Lang::Zh), name.get(Lang::En))
                });
                lang.pick(zh, &sentence(en.to_string())).to_string()
            }
            r => r.say(lang),
        };
        match lang {
            Lang::Zh => format!("{reason} · {} (第{}条)", v.result.say(lang), v.clause),
            Lang::En => format!("{reason} · {} (rule {})", v.result.say(lang), v.clause),
        }
    }
}

impl Say for Verdict {
    /// The decision explained, e.g. `黑方长将，判负（第24.1条）`.
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => self.explain_zh(),
            Lang::En => self.explain_en(),
        }
    }
}

impl Say for OfferOutcome {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (OfferOutcome::Offered, Lang::Zh) => "已提和，等待对方答复（第23.1条）".into(),
            (OfferOutcome::Offered, Lang::En) => {
                "Draw offered; waiting for the answer (rule 23.1)".into()
            }
            (OfferOutcome::Foul { fouls }, Lang::Zh) => format!(
                "被拒绝后再次提和，判犯规（第9.1.3条）：已犯规 {fouls} 次，三次判负（第4.1.8条）"
            ),
            (OfferOutcome::Foul { fouls }, Lang::En) => format!(
                "Offering again after a refusal is a foul (rule 9.1.3): {fouls} so far; three lose (rule 4.1.8)"
            ),
        }
    }
}

impl Say for MoveKind {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => self.zh(),
            Lang::En => self.en(),
        }
    }
}

impl Say for PgnError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return sentence(self.to_string());
        }
        let plies = self.partial.moves().len();
        match &self.kind {
            PgnErrorKind::BadFen { fen, error } => {
                format!("FEN 标签“{fen}”有误：{}", error.say(lang))
            }
            PgnErrorKind::BadMove { round, side, error } => format!(
                "第 {} 行第 {} 列：读到第 {round} 回合{}（第 {} 步）时停止：{}",
                self.line,
                self.column,
                side.chinese(),
                plies + 1,
                error.say(lang)
            ),
            PgnErrorKind::Unclosed(c) => format!("“{c}”没有闭合（第 {plies} 步之后）"),
            PgnErrorKind::Empty => "没有找到棋局".into(),
            PgnErrorKind::NoMoves => "文件有着法文字，但一步也读不出来".into(),
            PgnErrorKind::TooDeep { limit } => format!("变着嵌套超过 {limit} 层"),
        }
    }
}

impl Say for PgnTreeError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return sentence(self.to_string());
        }
        let (line, column) = (self.line, self.column);
        let within = match self.depth {
            0 => String::new(),
            1 => "，在变着中".into(),
            d => format!("，在第 {d} 层变着中"),
        };
        match &self.kind {
            PgnErrorKind::BadMove { round, side, error } => format!(
                "第 {line} 行第 {column} 列：读到第 {round} 回合{}{within}时停止：{}",
                side.chinese(),
                error.say(lang)
            ),
            PgnErrorKind::Unclosed(c) => format!("第 {line} 行：“{c}”没有闭合"),
            PgnErrorKind::TooDeep { limit } => format!("第 {line} 行：变着嵌套超过 {limit} 层"),
            kind => PgnError {
                partial: Box::new(self.partial.main_line_game()),
                kind: kind.clone(),
                line,
                column,
            }
            .say(lang),
        }
    }
}

impl Say for PgnNotice {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (PgnNotice::TurnAssumed { fen, side }, Lang::Zh) => {
                format!("FEN 标签“{fen}”没有写明轮到哪方走，已按{}先走读入。", side.chinese())
            }
            (PgnNotice::TurnAssumed { fen, side }, Lang::En) => format!(
                "The FEN tag “{fen}” does not say whose move it is; the game was read with {} to move first.",
                side.english()
            ),
        }
    }
}

impl Say for TypedError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (TypedError::Empty, _) => lang
                .pick(
                    "请输入着法，例如 炮二平五、C2.5 或 h2e2",
                    "Type a move, e.g. 炮二平五, C2.5 or h2e2",
                )
                .into(),
            (TypedError::NotUnderstood { text }, Lang::Zh) => {
                format!("“{text}”不是着法：可写 炮二平五、C2.5 或 h2e2")
            }
            (TypedError::NotUnderstood { text }, Lang::En) => {
                format!("“{text}” is not a move: write 炮二平五, C2.5 or h2e2")
            }
            (TypedError::NoSuchPiece { text }, Lang::Zh) => {
                format!("“{text}”：走棋方没有这样的棋子")
            }
            (TypedError::NoSuchPiece { text }, Lang::En) => {
                format!("“{text}”: the side to move has no such piece")
            }
            (TypedError::Ambiguous { text, moves }, Lang::Zh) => {
                format!("“{text}”不止一种走法（{}），请写明前后或坐标", list(moves))
            }
            (TypedError::Ambiguous { text, moves }, Lang::En) => format!(
                "“{text}” fits several moves ({}): say front or rear, or give coordinates",
                list(moves)
            ),
            // The board's own words for the same move (its message is the reason alone).
            (TypedError::Illegal { reason, .. }, _) => reason.say(lang),
        }
    }
}

fn list(moves: &[Move]) -> String {
    let v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.join(", ")
}

/// How many places a warning names before "…".
const NAMED: usize = 3;

impl DecodeWarning<'_> {
    fn places(&self, lang: Lang) -> String {
        let d = &self.0.damage;
        let mut s: Vec<String> = d
            .iter()
            .take(NAMED)
            .map(|p| match (lang, p.byte) {
                (Lang::Zh, Some(b)) => format!("第 {} 行（第 {} 字节）", p.line, b),
                (Lang::Zh, None) => format!("第 {} 行", p.line),
                (Lang::En, Some(b)) => format!("line {} (byte {})", p.line, b),
                (Lang::En, None) => format!("line {}", p.line),
            })
            .collect();
        if d.len() > NAMED {
            s.push("…".into());
        }
        s.join(if lang == Lang::Zh { "、" } else { ", " })
    }
}

impl Say for DecodeWarning<'_> {
    fn say(&self, lang: Lang) -> String {
        let d = self.0;
        let n = d.damage.len();
        let enc = match d.encoding {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Gbk => "GBK",
            TextEncoding::Big5 => "Big5",
        };
        let at = self.places(lang);
        match lang {
            Lang::Zh => format!("文件按 {enc} 读取，有 {n} 处字节无法解码，已替换为 �：{at}。"),
            Lang::En => format!(
                "The file was read as {enc}; {n} place{} did not decode and {} replaced with �: {at}.",
                if n == 1 { "" } else { "s" },
                if n == 1 { "was" } else { "were" }
            ),
        }
    }
}

impl Say for ParseNotationError {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!(
                "“{}”不是记谱法：可用 Chinese、ChineseShort、WXF 或 ICCS",
                self.text
            ),
            Lang::En => self.to_string(),
        }
    }
}

impl Say for ParseSquareError {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => {
                format!("“{}”不是棋盘上的点：应为列 a-i 加行 0-9，如 e4", self.text)
            }
            Lang::En => self.to_string(),
        }
    }
}

impl Say for ParseMoveError {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh if self.text.trim().is_empty() => {
                "着法为空：着法写作两个点，如 h2e2".to_string()
            }
            Lang::Zh => {
                format!("“{}”不是着法：应写两个点，如 h2e2（或 H2-E2）", self.text)
            }
            Lang::En => self.to_string(),
        }
    }
}

impl Say for MovesAfterEnd {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!(
                "对局在第 {} 步已结束（{}），其后记录的 {} 步未载入",
                self.verdict.ply,
                self.verdict.explain_zh(),
                self.unplayed
            ),
            Lang::En => self.to_string(),
        }
    }
}

impl Say for NotShown {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!(
                "棋盘上未显示文件中的变着（{} 个）和注释（{} 条）；原文件仍保留它们，此处导出只写主线和棋局信息",
                self.variations, self.comments
            ),
            Lang::En => self.to_string(),
        }
    }
}

/// A piece's name: 红车 / Red chariot.
impl Say for Piece {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!("{}{}", side_char(self.color), self.chinese()),
            Lang::En => format!("{} {}", self.color.english(), self.role.english()),
        }
    }
}

fn side_char(c: Color) -> char {
    match c {
        Color::Red => '红',
        Color::Black => '黑',
    }
}

impl Say for ArchiveError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (ArchiveError::TooLarge(format, e), _) => format!("{}: {}", format.name(), e.say(lang)),
            (ArchiveError::Empty, Lang::Zh) => {
                "无法识别的文件：文件是空的（0 字节），PGN、DhtmlXQ、XQF、CBR、CBL、CBF 都读不出棋局".into()
            }
            (ArchiveError::Empty, Lang::En) => {
                "not a game file this app reads: the file is empty (0 bytes), so PGN, DhtmlXQ, XQF, CBR, CBL and CBF all find no game".into()
            }
            (ArchiveError::Unread(tried), Lang::Zh) => {
                let why: Vec<String> = tried.iter().map(|e| e.say(lang)).collect();
                format!(
                    "无法识别的文件：已按 PGN、DhtmlXQ、XQF、CBR、CBL、CBF 逐一尝试，都读不出棋局。{}",
                    why.join("；")
                )
            }
            (ArchiveError::Unread(tried), Lang::En) => {
                let why: Vec<String> = tried.iter().map(|e| e.say(lang)).collect();
                format!(
                    "not a game file this app reads: PGN, DhtmlXQ, XQF, CBR, CBL and CBF were each tried, and none found a game. {}",
                    why.join("; ")
                )
            }
            (ArchiveError::NotFormat(format, m), Lang::Zh) => format!(
                "{}，第 {} 字节：不是 {} 文件，此处应为{}",
                format.name(),
                m.offset,
                format.name(),
                m.expected_zh
            ),
            (ArchiveError::NotFormat(format, m), Lang::En) => format!(
                "{}, byte {}: not {}; expected {}",
                format.name(),
                m.offset,
                format.name(),
                m.expected
            ),
            (
                ArchiveError::Cut {
                    format,
                    offset,
                    expected_zh,
                    ..
                },
                Lang::Zh,
            ) => format!(
                "{}，第 {offset} 字节：文件提前结束（不完整），此处应为{expected_zh}",
                format.name()
            ),
            (
                ArchiveError::Cut {
                    format,
                    offset,
                    expected,
                    ..
                },
                Lang::En,
            ) => format!(
                "{}, byte {offset}: the file ends too soon (it is cut); expected {expected}",
                format.name()
            ),
            (ArchiveError::NoGame(format), Lang::Zh) => {
                format!("{} 文件中没有棋局", format.name())
            }
            (ArchiveError::NoGame(format), Lang::En) => {
                format!("the {} file holds no game", format.name())
            }
            (ArchiveError::Pgn(e), Lang::Zh) => format!("PGN：{}", e.say(lang)),
            (ArchiveError::Pgn(e), Lang::En) => format!("PGN: {e}"),
            (ArchiveError::DhtmlXq(e), _) => e.say(lang),
            (ArchiveError::Xqf(e), _) => e.say(lang),
            (
                ArchiveError::Damaged {
                    format,
                    offset,
                    expected_zh,
                    ..
                },
                Lang::Zh,
            ) => format!(
                "{}，第 {offset} 字节：文件损坏，此处应为{expected_zh}",
                format.name()
            ),
            (
                ArchiveError::Damaged {
                    format,
                    offset,
                    expected,
                    ..
                },
                Lang::En,
            ) => format!(
                "{}, byte {offset}: the file is damaged; expected {expected}",
                format.name()
            ),
        }
    }
}

impl Say for XqfError {
    fn say(&self, lang: Lang) -> String {
        let at = self.offset;
        match (&self.kind, lang) {
            (XqfErrorKind::NotXqf, Lang::En) => {
                format!("XQF, byte {at}: not an XQF file; expected the mark `XQ`")
            }
            (XqfErrorKind::NotXqf, Lang::Zh) => {
                format!("XQF，第 {at} 字节：不是 XQF 文件，此处应为文件标记“XQ”")
            }
            (XqfErrorKind::Truncated(part), Lang::En) => {
                let what = match part {
                    XqfPart::Header => "the 1024-byte header".to_string(),
                    XqfPart::Record => "a move record (4 bytes)".to_string(),
                    XqfPart::CommentLength => "a comment's length (4 bytes)".to_string(),
                    XqfPart::Comment(n) => format!("a comment of {n} bytes"),
                };
                format!("XQF, byte {at}: the file ends too soon; expected {what}")
            }
            (XqfErrorKind::Truncated(part), Lang::Zh) => {
                let what = match part {
                    XqfPart::Header => "1024 字节的文件头".to_string(),
                    XqfPart::Record => "一步着法记录（4 字节）".to_string(),
                    XqfPart::CommentLength => "注释的长度（4 字节）".to_string(),
                    XqfPart::Comment(n) => format!("{n} 字节的注释"),
                };
                format!("XQF，第 {at} 字节：文件提前结束，此处应为{what}")
            }
            (XqfErrorKind::WrongKey, Lang::En) => format!(
                "XQF, byte {at}: the key does not check (a damaged or wrongly keyed file); \
                 expected key bytes 12–15 summing to 0 modulo 256"
            ),
            (XqfErrorKind::WrongKey, Lang::Zh) => format!(
                "XQF，第 {at} 字节：密钥校验不符（文件损坏或密钥错误），此处第 12–15 字节之和应为 256 的倍数"
            ),
            (XqfErrorKind::BadStart, Lang::En) => format!(
                "XQF, byte {at}: the pieces do not make a legal position; expected the points of \
                 the 32 pieces of a legal position"
            ),
            (XqfErrorKind::BadStart, Lang::Zh) => {
                format!("XQF，第 {at} 字节：棋子位置不成合法局面，此处应为 32 个棋子在合法局面中的位置")
            }
            (XqfErrorKind::BadCommentLength(n), Lang::En) => format!(
                "XQF, byte {at}: a comment length of {n}; expected a length from 0 to the bytes left"
            ),
            (XqfErrorKind::BadCommentLength(n), Lang::Zh) => {
                format!("XQF，第 {at} 字节：注释长度 {n} 不对，此处应为 0 到剩余字节数之间的长度")
            }
            (
                XqfErrorKind::IllegalMove {
                    ply,
                    from,
                    to,
                    cause,
                },
                Lang::En,
            ) => format!(
                "XQF, byte {at}: move {ply} ({}–{}) is not legal there: {}; expected a legal move \
                 (it and the moves after it are left out, every other line is read)",
                point_name(*from),
                point_name(*to),
                cause.say(lang)
            ),
            (
                XqfErrorKind::IllegalMove {
                    ply,
                    from,
                    to,
                    cause,
                },
                Lang::Zh,
            ) => format!(
                "XQF，第 {at} 字节：第 {ply} 步（{}–{}）不合规则：{}；此处应为一步合法着法（此着及其后续已略去，其余变着均已读入）",
                point_name(*from),
                point_name(*to),
                cause.say(lang)
            ),
        }
    }
}

impl Say for XqfMoveCause {
    /// A reason, shown after the move, so not a capitalised sentence.
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (XqfMoveCause::OffBoard, Lang::En) => "a point off the board".into(),
            (XqfMoveCause::OffBoard, Lang::Zh) => "落点不在棋盘上".into(),
            (XqfMoveCause::Rule(e), _) => e.say(lang),
        }
    }
}

impl Say for DhtmlXqError {
    fn say(&self, lang: crate::lang::Lang) -> String {
        if lang == crate::lang::Lang::En {
            return self.to_string();
        }
        let at = self.offset;
        match &self.kind {
            DhtmlXqErrorKind::NotDhtmlXq => "DhtmlXQ：没有找到 [DhtmlXQ_…] 标签".into(),
            DhtmlXqErrorKind::Unclosed { tag } => {
                format!("DhtmlXQ，第 {at} 字节：[{tag}] 没有用 [/{tag}] 结束")
            }
            DhtmlXqErrorKind::BadStart => {
                format!("DhtmlXQ，第 {at} 字节：binit 应为 64 位数字，摆出 32 个棋子的合法局面")
            }
            DhtmlXqErrorKind::BadDigits { tag } => {
                format!("DhtmlXQ，第 {at} 字节：[{tag}] 应由每步四位数字组成")
            }
            DhtmlXqErrorKind::IllegalMove { tag, ply, digits } => {
                format!("DhtmlXQ，第 {at} 字节：[{tag}] 的第 {ply} 步“{digits}”不合规则")
            }
            DhtmlXqErrorKind::NoParent { tag } => {
                format!("DhtmlXQ，第 {at} 字节：[{tag}] 所接的着法不存在")
            }
            DhtmlXqErrorKind::Cut => format!(
                "DhtmlXQ，第 {at} 字节：文本提前结束（不完整），此处应为棋局的其余部分，直到 [/DhtmlXQ]"
            ),
        }
    }
}

impl Say for TreeError {
    fn say(&self, lang: crate::lang::Lang) -> String {
        match (self, lang) {
            (TreeError::NoSuchNode, crate::lang::Lang::Zh) => "棋谱中没有这一步".into(),
            (TreeError::Root, crate::lang::Lang::Zh) => "开始局面没有着法".into(),
            (TreeError::MainLine, crate::lang::Lang::Zh) => "这一步在主线上，不是变着".into(),
            (TreeError::Play(e), _) => e.say(lang),
            (_, crate::lang::Lang::En) => self.to_string(),
        }
    }
}

/// A chased piece in Chinese: 车e5.
impl Chased {
    fn zh(&self) -> String {
        format!("{}{}", self.piece.chinese(), self.square)
    }
}

/// A move of a repetition cycle named (the `xq judge` listing shows both languages).
impl MoveKind {
    /// A short Chinese name: 将, 杀, 捉车e5, 闲（兑）…
    pub fn zh(&self) -> String {
        match self {
            MoveKind::Check => "将".into(),
            MoveKind::MateThreat => "杀".into(),
            MoveKind::Chase(t) => {
                let v: Vec<String> = t.iter().map(Chased::zh).collect();
                format!("捉{}", v.join("、"))
            }
            MoveKind::Idle(k) => match k {
                IdleKind::Exchange => "闲（兑）".into(),
                IdleKind::Offer => "闲（献）".into(),
                IdleKind::Follow => "闲（跟）".into(),
                IdleKind::Block => "闲（拦）".into(),
                IdleKind::Plain => "闲".into(),
                IdleKind::KingChase(t) => format!("闲（帅将叫吃{}）", t.zh()),
                IdleKind::PawnChase(t) => format!("闲（兵卒叫吃{}）", t.zh()),
                IdleKind::KeyPoint(t) => format!("闲（占要点，附带捉{}）", t.zh()),
                IdleKind::ChaseContinues(t) => format!("闲（从捉到捉{}）", t.zh()),
                IdleKind::AnsweredByMate(t) => format!("闲（吃{}即被将死）", t.zh()),
            },
        }
    }

    /// A short English name: check, mate threat, chase chariot e5, idle (exchange offer)…
    pub fn en(&self) -> String {
        match self {
            MoveKind::Check => "check".into(),
            MoveKind::MateThreat => "mate threat".into(),
            MoveKind::Chase(t) => {
                let v: Vec<String> = t.iter().map(Chased::to_string).collect();
                format!("chase {}", v.join(", "))
            }
            MoveKind::Idle(k) => match k {
                IdleKind::Exchange => "idle (exchange offer)".into(),
                IdleKind::Offer => "idle (sacrifice offer)".into(),
                IdleKind::Follow => "idle (following)".into(),
                IdleKind::Block => "idle (blocking)".into(),
                IdleKind::Plain => "idle".into(),
                IdleKind::KingChase(t) => format!("idle (king attacks {t})"),
                IdleKind::PawnChase(t) => format!("idle (pawn attacks {t})"),
                IdleKind::KeyPoint(t) => format!("idle (key point, incidental attack on {t})"),
                IdleKind::ChaseContinues(t) => format!("idle (already chasing {t})"),
                IdleKind::AnsweredByMate(t) => format!("idle (taking {t} is answered by mate)"),
            },
        }
    }
}

/// The forbidden perpetual attacks a verdict names (24.3, 26.4), in the sentence's lower case.
const PERPETUAL_CHASE: Text = Text::new("长捉", "perpetual chase");
const PERPETUAL_MATE_THREATS: Text = Text::new("长杀", "perpetual mate threats");
const PERPETUAL_ATTACKS: Text = Text::new("长打", "perpetual attacks");

/// The decision in words: the verdict's sentences and the name of a perpetual attack.
impl Verdict {
    /// The name of the forbidden perpetual attack of `side` in the cycle: 长捉, 长杀 or 长打.
    pub(crate) fn attack_name(&self, side: Color) -> Text {
        let kinds: Vec<&MoveKind> = self
            .cycle
            .iter()
            .flat_map(|c| c.moves.iter())
            .filter(|m| m.mover == side)
            .map(|m| &m.kind)
            .collect();
        if kinds.iter().all(|k| matches!(k, MoveKind::Chase(_))) {
            PERPETUAL_CHASE
        } else if kinds.iter().all(|k| matches!(k, MoveKind::MateThreat)) {
            PERPETUAL_MATE_THREATS
        } else {
            PERPETUAL_ATTACKS
        }
    }

    /// The decision in Chinese, e.g. `黑方长将，判负（第24.1条）`.
    pub(crate) fn explain_zh(&self) -> String {
        let side = self.side.map_or("", |c| c.chinese());
        let winner = match self.result {
            GameResult::RedWins => "红方胜",
            GameResult::BlackWins => "黑方胜",
            GameResult::Draw => "和棋",
        };
        let what = match self.reason {
            Reason::Checkmate => format!("{side}被将死，{winner}"),
            Reason::Stalemate => format!("{side}被困毙，判负"),
            Reason::Resign => format!("{side}认输，{winner}"),
            Reason::Agreement => format!("{side}提和，对方同意，和棋"),
            Reason::MoveLimit => format!(
                "连续{}回合双方均未吃子，自然限着作和",
                self.move_limit.unwrap_or(DEFAULT_MOVE_LIMIT)
            ),
            Reason::Repetition if self.clause == "26.3" => "双方均为禁止着法，不变作和".into(),
            Reason::Repetition => "双方均为允许着法，不变作和".into(),
            Reason::PerpetualCheck => format!("{side}长将，判负"),
            Reason::PerpetualChase => {
                let name = self
                    .side
                    .map_or(PERPETUAL_ATTACKS, |c| self.attack_name(c))
                    .get(Lang::Zh);
                format!("{side}{name}，对方为允许着法，{side}不变判负")
            }
            Reason::InsufficientMaterial => "双方均无过河子力，无法取胜，和棋".into(),
            Reason::Timeout => format!("{side}超时，判负"),
            Reason::Fouls => format!("{side}三次犯规，判负"),
        };
        format!("{what}（第{}条）", self.clause)
    }

    /// The decision in English, e.g. `Black checked perpetually and loses (rule 24.1)`.
    pub(crate) fn explain_en(&self) -> String {
        let side = self.side.map_or("", |c| c.english());
        let what = match self.reason {
            Reason::Checkmate => format!("{side} is checkmated"),
            Reason::Stalemate => format!("{side} has no legal move (stalemate) and loses"),
            Reason::Resign => format!("{side} resigns"),
            Reason::Agreement => format!("{side} offered a draw and it was accepted"),
            Reason::MoveLimit => format!(
                "{} moves by both sides without a capture: draw by the move limit",
                self.move_limit.unwrap_or(DEFAULT_MOVE_LIMIT)
            ),
            Reason::Repetition if self.clause == "26.3" => {
                "repetition with forbidden moves on both sides: draw".into()
            }
            Reason::Repetition => "repetition with allowed moves on both sides: draw".into(),
            Reason::PerpetualCheck => format!("{side} checked perpetually and loses"),
            Reason::PerpetualChase => {
                let name = self
                    .side
                    .map_or(PERPETUAL_ATTACKS, |c| self.attack_name(c))
                    .get(Lang::En);
                format!("{side} made {name} against allowed moves and loses")
            }
            Reason::InsufficientMaterial => {
                "neither side has a piece that can cross the river: draw".into()
            }
            Reason::Timeout => format!("{side} ran out of time and loses"),
            Reason::Fouls => format!("{side} committed three fouls and loses"),
        };
        format!("{what} (rule {})", self.clause)
    }
}

impl Family {
    /// The Chinese name and an English gloss.
    pub const fn name(self) -> Text {
        match self {
            Family::CentralCannon => Text::new("中炮", "Central Cannon"),
            Family::PawnOpening => Text::new("仙人指路", "Pawn Opening"),
            Family::TwoPawns => Text::new("对兵局", "Two Pawns Opening"),
            Family::Elephant => Text::new("飞相局", "Elephant Opening"),
            Family::Horse => Text::new("起马局", "Horse Opening"),
            Family::EdgeHorse => Text::new("边马局", "Edge Horse Opening"),
            Family::AdvisorCornerCannon => Text::new("仕角炮", "Advisor-corner Cannon"),
            Family::PalaceCannon => Text::new("过宫炮", "Palace-crossing Cannon"),
            Family::EdgeCannon => Text::new("边炮局", "Edge Cannon Opening"),
            Family::RiverCannon => Text::new("巡河炮局", "River Cannon Opening"),
            Family::CrossRiverCannon => Text::new("过河炮局", "Cross-river Cannon Opening"),
            Family::Advisor => Text::new("上仕局", "Advisor Opening"),
            Family::CentralPawn => Text::new("中兵局", "Central Pawn Opening"),
            Family::EdgePawn => Text::new("边兵局", "Edge Pawn Opening"),
        }
    }
}

impl Answer {
    /// The Chinese name and an English gloss.
    pub const fn name(self) -> Text {
        match self {
            Answer::SameCannons => Text::new("顺炮", "Same-direction Cannons"),
            Answer::OppositeCannons => Text::new("列炮", "Opposite-direction Cannons"),
            Answer::HalfwayOppositeCannons => Text::new("半途列炮", "Halfway Opposite Cannons"),
            Answer::ScreenHorses => Text::new("屏风马", "Screen Horses"),
            Answer::ReversePalaceHorses => Text::new("反宫马", "Reverse Palace Horses"),
            Answer::SingleHorse => Text::new("单提马", "Single Horse"),
            Answer::ThreeStepTiger => Text::new("三步虎", "Three-step Tiger"),
            Answer::LeftCannonBlocksChariot => {
                Text::new("左炮封车", "Left Cannon Blocks the Chariot")
            }
            Answer::Elephant => Text::new("飞象", "Elephant"),
            Answer::CannonUnderPawn => Text::new("卒底炮", "Cannon under the Pawn"),
            Answer::CentralCannon => Text::new("中炮", "Central Cannon"),
            Answer::LeftCentralCannon => Text::new("左中炮", "Left Central Cannon"),
            Answer::RightCentralCannon => Text::new("右中炮", "Right Central Cannon"),
            Answer::LeftPalaceCannon => Text::new("左过宫炮", "Left Palace-crossing Cannon"),
            Answer::RightPalaceCannon => Text::new("右过宫炮", "Right Palace-crossing Cannon"),
            Answer::AdvisorCornerCannon => Text::new("士角炮", "Advisor-corner Cannon"),
        }
    }
}

impl Opening {
    /// The name in `lang`: `中炮对屏风马` / `Central Cannon vs Screen Horses`; 顺炮 and 列炮 stand
    /// alone in Chinese (`顺炮`), as players say them.
    pub fn name(&self, lang: Lang) -> String {
        let family = self.family.name();
        let (zh, en) = (family.get(Lang::Zh), family.get(Lang::En));
        match (self.answer, lang) {
            (None, Lang::Zh) => zh.to_string(),
            (None, Lang::En) => en.to_string(),
            (Some(a @ (Answer::SameCannons | Answer::OppositeCannons)), Lang::Zh) => {
                a.name().get(Lang::Zh).to_string()
            }
            (Some(a), Lang::Zh) => {
                format!("{}对{}", zh.trim_end_matches('局'), a.name().get(Lang::Zh))
            }
            (Some(a), Lang::En) => format!("{en} vs {}", a.name().get(Lang::En)),
        }
    }
}

/// A message said in both languages, for a page that gets it from a worker: the worker's
/// reading of a file says its fault here (`xiangqi::file_job`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Said {
    zh: String,
    en: String,
}

impl Said {
    /// What `said` says, in both languages.
    pub fn of(said: &dyn Say) -> Said {
        Said {
            zh: said.say(Lang::Zh),
            en: said.say(Lang::En),
        }
    }
}

impl Say for Said {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => self.zh.clone(),
            Lang::En => self.en.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::{Move, Position, Setup};

    #[test]
    fn parse_errors_keep_their_words() {
        let both = |m: &dyn Say| [m.say(Lang::Zh), m.say(Lang::En)];
        let text = "z".to_string();
        assert_eq!(
            both(&ParseSquareError { text: text.clone() }),
            [
                "“z”不是棋盘上的点：应为列 a-i 加行 0-9，如 e4",
                "`z` is not a point: a file a-i then a rank 0-9, like e4"
            ]
        );
        assert_eq!(
            both(&ParseMoveError { text: text.clone() }),
            [
                "“z”不是着法：应写两个点，如 h2e2（或 H2-E2）",
                "`z` is not an ICCS move: write two points like h2e2 (or H2-E2)"
            ]
        );
        assert_eq!(
            ParseMoveError { text: " ".into() }.say(Lang::Zh),
            "着法为空：着法写作两个点，如 h2e2"
        );
        assert_eq!(
            both(&ParseNotationError { text }),
            [
                "“z”不是记谱法：可用 Chinese、ChineseShort、WXF 或 ICCS",
                "`z` is not a notation: use Chinese, ChineseShort, WXF or ICCS"
            ]
        );
    }

    #[test]
    fn errors_read_in_one_language() {
        let e = Position::from_setup(&Setup::empty()).unwrap_err();
        let zh = e.say(Lang::Zh);
        assert!(zh.starts_with("红方没有帅"), "{zh}");
        assert!(!zh.chars().any(|c| c.is_ascii_lowercase()), "{zh}");
        assert_eq!(e.say(Lang::En), "Red has no king");
        let f = Position::from_fen("garbage").unwrap_err();
        assert!(
            f.say(Lang::Zh).starts_with("FEN 格式有误"),
            "{}",
            f.say(Lang::Zh)
        );
        assert!(f.say(Lang::En).starts_with("Invalid FEN"));
    }

    #[test]
    fn a_broken_game_file_says_where_in_one_language() {
        use crate::xiangqi::notation::pgn::read_pgn;
        let e = read_pgn("1. 炮二平五 马８进７ 2. 车九进九").unwrap_err();
        let zh = e.say(Lang::Zh);
        // Where, by line and column (issue 57.9), then what.
        assert!(
            zh.starts_with("第 1 行第 17 列：读到第 2 回合红方（第 3 步）时停止："),
            "{zh}"
        );
        assert!(!zh.contains("stopped"), "{zh}");
        let en = e.say(Lang::En);
        assert!(en.starts_with("Line 1, column 17: "), "{en}");
        assert!(en.to_lowercase().contains("stopped at move 2."), "{en}");
        let g = read_pgn("[FEN \"3k5/9/9/9/9/9/9/9/9/4K4\"]\n1. ... 将4进1").unwrap();
        assert!(g.notices[0].say(Lang::Zh).contains("已按黑方先走读入"));
        assert!(g.notices[0]
            .say(Lang::En)
            .contains("with Black to move first"));
    }

    #[test]
    fn a_pinned_piece_says_it_would_expose_the_king() {
        let p = Position::from_fen("4k4/9/9/9/9/9/9/4r4/4R4/4K4 w").unwrap();
        let e = p.why_illegal(Move::from_iccs("e1d1").unwrap());
        assert!(e.say(Lang::Zh).contains("送将"));
        assert!(e.say(Lang::En).contains("expose the king"));
    }

    #[test]
    fn the_headline_of_a_mate() {
        let g = crate::xiangqi::game::Game::from_iccs("3k5/R8/1R7/9/9/9/9/9/9/4K4 w", &["b7b9"])
            .unwrap();
        let v = g.verdict().unwrap();
        assert_eq!(Headline(v).say(Lang::Zh), "将死 · 红方胜 (第4.1.1条)");
        assert_eq!(
            Headline(v).say(Lang::En),
            "Checkmate · Red wins (rule 4.1.1)"
        );
    }
}
